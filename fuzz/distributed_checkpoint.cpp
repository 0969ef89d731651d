// Checkpoints of distributed search (search/distributed/checkpoint.h), as `--resume` reads a
// file: any bytes are refused with an InputError or loaded; a loaded one saves to the same
// knowledge and table entries again.
#include "fuzz_target.h"
#include "grundy/core/bytes.h"
#include "grundy/search/distributed/checkpoint.h"
#include "grundy/search/distributed/entry_pool.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy::search::distributed;
  grundy::fuzz::expect_only_input_errors([&] {
    MasterCheckpoint c;
    c.tag = "fuzz";
    Knowledge k;
    EntryPool pool(1 << 12);
    parse_checkpoint(grundy::fuzz::as_text(data, size), "f.ckpt", c, k, &pool);
    grundy::ByteWriter w;
    k.save(w);
    pool.save(w);
    Knowledge again;
    EntryPool pool_again(1 << 12);
    grundy::ByteReader r(w.bytes(), "saved");
    again.load(r);
    pool_again.load(r);
    grundy::fuzz::require(again.size() == k.size() && again.hard_count() == k.hard_count(),
                          "a loaded checkpoint's knowledge saves and loads the same");
    grundy::fuzz::require(pool_again.size() == pool.size() && r.left() == 0,
                          "a loaded checkpoint's table entries save and load the same");
  });
  return 0;
}
