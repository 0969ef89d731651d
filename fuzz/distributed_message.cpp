// The messages of distributed search (search/distributed/message.h), as a rank receives them
// from another: any bytes are refused with an InputError or decoded; what decodes encodes
// again to bytes that decode to the same message.
#include "fuzz_target.h"
#include "grundy/search/distributed/message.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy::search::distributed;
  const std::string bytes(grundy::fuzz::as_text(data, size));
  grundy::fuzz::expect_only_input_errors([&] {
    std::string again, twice;
    switch (message_type(bytes)) {
      case MessageType::job:
        again = encode_job(decode_job(bytes));
        twice = encode_job(decode_job(again));
        break;
      case MessageType::cancel:
        again = encode_cancel(decode_cancel(bytes));
        twice = encode_cancel(decode_cancel(again));
        break;
      case MessageType::stop:
        again = twice = encode_stop();
        break;
      case MessageType::answer:
        again = encode_answer(decode_answer(bytes));
        twice = encode_answer(decode_answer(again));
        break;
      case MessageType::bye: {
        std::int32_t w = 0;
        WorkerTotals t;
        decode_bye(bytes, w, t);
        again = encode_bye(w, t);
        decode_bye(again, w, t);
        twice = encode_bye(w, t);
        break;
      }
      case MessageType::entries: {
        std::int32_t origin = 0;
        const auto e = decode_entries(bytes, origin);
        again = encode_entries(origin, e);
        twice = encode_entries(origin, decode_entries(again, origin));
        break;
      }
      case MessageType::seed_plan:
        again = encode_seed_plan(decode_seed_plan(bytes));
        twice = encode_seed_plan(decode_seed_plan(again));
        break;
      case MessageType::seed:
        again = encode_seed(decode_seed(bytes));
        twice = encode_seed(decode_seed(again));
        break;
    }
    grundy::fuzz::require(again == twice, "a decoded message encodes to a fixed point");
  });
  return 0;
}
