// The fuzz targets without libFuzzer, for `make test` (g++, optionally with the sanitizers): every
// fuzz/<target>.cpp is compiled into this one program (fuzz_target.h registers each under its
// file's name), which runs the target named first on every file of the corpus directories and
// files given, then --mutations N inputs made from them by a fixed-seed mutator, so the run is
// the same every time. `make fuzz` runs the real libFuzzer (clang) instead. If an input crashes
// the run, it is first written to replay-crash-<target>.bin in the current directory.
//
//   fuzz_replay TARGET [--mutations N] [--seed S] [--max-len L] CORPUS_DIR_OR_FILE...
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "fuzz_target.h"

extern "C" void __sanitizer_set_death_callback(void (*callback)()) __attribute__((weak));

namespace {

using Bytes = std::vector<std::uint8_t>;

// The targets by name; filled before main by the targets' registrations.
std::map<std::string, grundy::fuzz::Target>& targets() {
  static std::map<std::string, grundy::fuzz::Target> all;
  return all;
}
grundy::fuzz::Target g_target = nullptr;

const Bytes* g_current = nullptr;  // the input being run, for the crash handlers
char g_crash_path[512] = "replay-crash.bin";

void save_current() {
  if (!g_current) return;
  const int fd = ::open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd < 0) return;
  if (!g_current->empty()) (void)!::write(fd, g_current->data(), g_current->size());
  ::close(fd);
  const char note[] = "replay: the input that crashed is in ";
  (void)!::write(2, note, sizeof note - 1);
  (void)!::write(2, g_crash_path, std::strlen(g_crash_path));
  (void)!::write(2, "\n", 1);
  g_current = nullptr;
}

extern "C" void on_fatal_signal(int sig) {
  save_current();
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

Bytes read_bytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return Bytes(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void run(const Bytes& input) {
  g_current = &input;
  g_target(input.data(), input.size());
  g_current = nullptr;
}

// Bytes that matter to grundy's formats, to insert more often than random ones.
constexpr char kInteresting[] = "0123456789 \t\n\r,;:.#()[]{}\"'-+ebglrBGLRxX\\\0\xff\xc3\xa9";

Bytes mutate(Bytes b, const std::vector<Bytes>& corpus, std::mt19937_64& rng, std::size_t max_len) {
  const auto pick = [&](std::size_t n) { return n == 0 ? std::size_t{0} : rng() % n; };
  const auto byte = [&] {
    return rng() % 2 ? static_cast<std::uint8_t>(kInteresting[pick(sizeof kInteresting - 1)])
                     : static_cast<std::uint8_t>(rng());
  };
  const int steps = 1 + static_cast<int>(rng() % 4);
  for (int s = 0; s < steps; ++s) {
    switch (rng() % 7) {
      case 0:  // flip a bit
        if (!b.empty()) b[pick(b.size())] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
        break;
      case 1:  // replace a byte
        if (!b.empty()) b[pick(b.size())] = byte();
        break;
      case 2:  // insert bytes
        for (std::size_t k = 1 + pick(3); k > 0; --k)
          b.insert(b.begin() + static_cast<long>(pick(b.size() + 1)), byte());
        break;
      case 3: {  // delete a range
        if (b.empty()) break;
        const std::size_t at = pick(b.size()),
                          n = 1 + pick(std::min<std::size_t>(8, b.size() - at));
        b.erase(b.begin() + static_cast<long>(at), b.begin() + static_cast<long>(at + n));
        break;
      }
      case 4: {  // duplicate a range
        if (b.empty()) break;
        const std::size_t at = pick(b.size()),
                          n = 1 + pick(std::min<std::size_t>(16, b.size() - at));
        const Bytes piece(b.begin() + static_cast<long>(at), b.begin() + static_cast<long>(at + n));
        b.insert(b.begin() + static_cast<long>(pick(b.size() + 1)), piece.begin(), piece.end());
        break;
      }
      case 5: {  // splice with another corpus entry
        if (corpus.empty()) break;
        const Bytes& other = corpus[pick(corpus.size())];
        const std::size_t cut = pick(b.size() + 1), from = pick(other.size() + 1);
        b.resize(cut);
        b.insert(b.end(), other.begin() + static_cast<long>(from), other.end());
        break;
      }
      default:  // truncate
        b.resize(pick(b.size() + 1));
        break;
    }
  }
  if (b.size() > max_len) b.resize(max_len);
  return b;
}

}  // namespace

bool grundy::fuzz::register_target(const char* file, Target target) {
  targets()[std::filesystem::path(file).stem().string()] = target;
  return true;
}

int main(int argc, char** argv) {
  const auto found = argc > 1 ? targets().find(argv[1]) : targets().end();
  if (found == targets().end()) {
    std::fprintf(stderr,
                 "usage: fuzz_replay TARGET [--mutations N] [--seed S] [--max-len L] "
                 "CORPUS_DIR_OR_FILE...\ntargets:");
    for (const auto& [name, target] : targets()) std::fprintf(stderr, " %s", name.c_str());
    std::fputc('\n', stderr);
    return 2;
  }
  g_target = found->second;
  const std::string self = found->first;
  std::uint64_t mutations = 0, seed = 1;
  std::size_t max_len = 4096;
  std::vector<std::filesystem::path> paths;
  for (int i = 2; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--mutations" || a == "--seed" || a == "--max-len") && i + 1 < argc) {
      const std::uint64_t v = std::strtoull(argv[++i], nullptr, 10);
      (a == "--mutations" ? mutations : a == "--seed" ? seed : max_len) = v;
    } else {
      paths.emplace_back(a);
    }
  }
  std::snprintf(g_crash_path, sizeof g_crash_path, "replay-crash-%s.bin", self.c_str());
  for (const int sig : {SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGILL}) ::signal(sig, on_fatal_signal);
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(save_current);

  std::vector<std::filesystem::path> files;
  for (const auto& p : paths) {
    if (std::filesystem::is_directory(p)) {
      for (const auto& e : std::filesystem::recursive_directory_iterator(p))
        if (e.is_regular_file()) files.push_back(e.path());
    } else if (std::filesystem::exists(p)) {
      files.push_back(p);
    }
  }
  std::sort(files.begin(), files.end());
  std::vector<Bytes> corpus;
  for (const auto& f : files) corpus.push_back(read_bytes(f));
  corpus.emplace_back();  // the empty input, always
  for (const Bytes& input : corpus) run(input);
  std::mt19937_64 rng(seed);
  for (std::uint64_t i = 0; i < mutations; ++i)
    run(mutate(corpus[rng() % corpus.size()], corpus, rng, max_len));
  std::printf("%s: %zu corpus inputs and %llu mutations, no crash\n", self.c_str(), corpus.size(),
              static_cast<unsigned long long>(mutations));
  return 0;
}
