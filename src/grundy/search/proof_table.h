#pragma once
// The table of proof and disproof numbers behind proof-number search (proof_number.h).
//
// Entries are 16 bytes: the whole 64-bit key, then proof and disproof numbers of 28 bits each
// and log2 of the work spent below the entry (8 bits), four to a 64-byte bucket. A full bucket
// gives up its entry with the least work. The table can be saved to a file and loaded back, so
// a long proof attempt survives being stopped (its checkpoints).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace grundy::search {

inline constexpr std::uint32_t kPnInfinity = (1u << 28) - 1;

class ProofTable {
 public:
  // A table of about `bytes` bytes (at least one bucket). LimitError if it cannot be allocated.
  explicit ProofTable(std::size_t bytes);

  bool probe(std::uint64_t key, std::uint32_t& pn, std::uint32_t& dn) const;
  void store(std::uint64_t key, std::uint32_t pn, std::uint32_t dn, std::uint64_t work);
  void clear();

  std::size_t bucket_count() const { return buckets_; }
  std::size_t bytes() const { return buckets_ * 64; }
  std::uint64_t stored() const { return stored_; }
  // Entries in use among the first `sample` buckets, per mille.
  int permille_full(std::size_t sample = 4096) const;
  // Entries holding a proof or a disproof, among the first `sample` buckets, per mille.
  int permille_solved(std::size_t sample = 4096) const;

  // Writes the table (with `tag`, a caller's description of what it holds, e.g. the position
  // and question) atomically to `path`; IoError on failure.
  void save(const std::string& path, const std::string& tag) const;
  // Loads a table saved by save(). InputError if the file is not one, its size differs from
  // this table's, or its tag differs from `tag`.
  void load(const std::string& path, const std::string& tag);

 private:
  struct Slot {
    std::uint64_t key;
    std::uint64_t data;  // pn 28 | dn 28 | work 8; 0 = empty
  };
  struct Free {
    void operator()(Slot* p) const;
  };
  Slot* bucket(std::uint64_t key) const;

  std::size_t buckets_ = 0;
  std::unique_ptr<Slot[], Free> table_;
  std::uint64_t stored_ = 0;
};

}  // namespace grundy::search
