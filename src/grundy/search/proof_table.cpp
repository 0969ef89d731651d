#include "grundy/search/proof_table.h"

#include <sys/mman.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string_view>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"

namespace grundy::search {
namespace {

constexpr std::size_t kSlots = 4;  // per 64-byte bucket
constexpr char kMagic[8] = {'g', 'r', 'u', 'n', 'd', 'y', 'P', 'N'};

// data: pn 28 | dn 28 | log2(work) 7 | valid 1
std::uint64_t pack(std::uint32_t pn, std::uint32_t dn, std::uint64_t work) {
  const auto w = std::min<std::uint64_t>(static_cast<std::uint64_t>(std::bit_width(work)), 127);
  return std::uint64_t{std::min(pn, kPnInfinity)} | std::uint64_t{std::min(dn, kPnInfinity)} << 28 |
         w << 56 | std::uint64_t{1} << 63;
}
std::uint32_t pn_of(std::uint64_t d) {
  return static_cast<std::uint32_t>(d & kPnInfinity);
}
std::uint32_t dn_of(std::uint64_t d) {
  return static_cast<std::uint32_t>((d >> 28) & kPnInfinity);
}
int work_of(std::uint64_t d) {
  return static_cast<int>((d >> 56) & 127);
}

std::uint64_t mix(std::uint64_t k) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  return k ^ (k >> 33);
}

}  // namespace

void ProofTable::Free::operator()(Slot* p) const {
  std::free(p);
}

ProofTable::ProofTable(std::size_t bytes) : buckets_(std::max<std::size_t>(1, bytes / 64)) {
  const std::size_t size = buckets_ * 64;
  void* p = std::aligned_alloc(64, size);
  if (!p)
    throw LimitError("cannot allocate a proof table of " + std::to_string(size >> 20) +
                     " MiB; ask for a smaller one");
#ifdef MADV_HUGEPAGE
  if (size >= (std::size_t{2} << 20)) ::madvise(p, size, MADV_HUGEPAGE);
#endif
  table_.reset(static_cast<Slot*>(p));
  clear();
}

void ProofTable::clear() {
  std::memset(static_cast<void*>(table_.get()), 0, buckets_ * 64);
  stored_ = 0;
}

ProofTable::Slot* ProofTable::bucket(std::uint64_t key) const {
  __extension__ using u128 = unsigned __int128;
  const auto index = static_cast<std::size_t>((static_cast<u128>(mix(key)) * buckets_) >> 64);
  return table_.get() + index * kSlots;
}

bool ProofTable::probe(std::uint64_t key, std::uint32_t& pn, std::uint32_t& dn) const {
  const Slot* b = bucket(key);
  for (std::size_t i = 0; i < kSlots; ++i)
    if (b[i].data != 0 && b[i].key == key) {
      pn = pn_of(b[i].data);
      dn = dn_of(b[i].data);
      return true;
    }
  return false;
}

void ProofTable::store(std::uint64_t key, std::uint32_t pn, std::uint32_t dn, std::uint64_t work) {
  Slot* b = bucket(key);
  Slot* victim = nullptr;
  int least = 1 << 30;
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (b[i].data != 0 && b[i].key == key) {
      victim = &b[i];
      break;
    }
    // Empty first; then the least work (a solved entry counts as more work: it is final).
    const int value =
        b[i].data == 0
            ? -1
            : work_of(b[i].data) + ((pn_of(b[i].data) == 0 || dn_of(b[i].data) == 0) ? 4 : 0);
    if (value < least) {
      least = value;
      victim = &b[i];
    }
  }
  if (victim->data == 0) ++stored_;
  victim->key = key;
  victim->data = pack(pn, dn, work);
}

int ProofTable::permille_full(std::size_t sample) const {
  sample = std::min(sample, buckets_);
  std::size_t used = 0;
  for (std::size_t i = 0; i < sample * kSlots; ++i) used += table_[i].data != 0;
  return sample ? static_cast<int>(used * 1000 / (sample * kSlots)) : 0;
}

int ProofTable::permille_solved(std::size_t sample) const {
  sample = std::min(sample, buckets_);
  std::size_t solved = 0;
  for (std::size_t i = 0; i < sample * kSlots; ++i) {
    const auto d = table_[i].data;
    solved += d != 0 && (pn_of(d) == 0 || dn_of(d) == 0);
  }
  return sample ? static_cast<int>(solved * 1000 / (sample * kSlots)) : 0;
}

void ProofTable::save(const std::string& path, const std::string& tag) const {
  OutputFile out(path);
  const std::uint64_t header[3] = {buckets_, stored_, tag.size()};
  out.write(std::string_view(kMagic, sizeof kMagic));
  out.write(std::string_view(reinterpret_cast<const char*>(header), sizeof header));
  out.write(tag);
  const char* data = reinterpret_cast<const char*>(table_.get());
  const std::size_t total = buckets_ * 64;
  constexpr std::size_t kChunk = std::size_t{64} << 20;
  for (std::size_t off = 0; off < total; off += kChunk)
    out.write(std::string_view(data + off, std::min(kChunk, total - off)));
  out.commit();
}

void ProofTable::load(const std::string& path, const std::string& tag) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw InputError("cannot read '" + path + "': " + std::strerror(errno));
  struct Closer {
    std::FILE* f;
    ~Closer() { std::fclose(f); }
  } closer{f};
  char magic[8];
  std::uint64_t header[3];
  if (std::fread(magic, 1, 8, f) != 8 || std::memcmp(magic, kMagic, 8) != 0 ||
      std::fread(header, sizeof header, 1, f) != 1)
    throw InputError("'" + path + "' is not a proof-search checkpoint");
  if (header[0] != buckets_)
    throw InputError("'" + path + "' holds a table of " + std::to_string(header[0] * 64 >> 20) +
                     " MiB; this run uses " + std::to_string(bytes() >> 20) +
                     " MiB (use the same memory size to resume)");
  std::string saved(header[2], '\0');
  if (header[2] > 4096 || std::fread(saved.data(), 1, saved.size(), f) != saved.size())
    throw InputError("'" + path + "' is not a proof-search checkpoint");
  if (saved != tag)
    throw InputError("'" + path + "' is a checkpoint of another search (" + saved + ")");
  char* data = reinterpret_cast<char*>(table_.get());
  const std::size_t total = buckets_ * 64;
  if (std::fread(data, 1, total, f) != total) throw InputError("'" + path + "' is truncated");
  stored_ = header[1];
}

}  // namespace grundy::search
