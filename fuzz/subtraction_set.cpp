// Subtraction sets (grundy subtraction --set): parse, print, parse back, and a short table.
#include "fuzz_target.h"
#include "grundy/games/subtraction/subtraction.h"

GRUNDY_FUZZ_TARGET(const std::uint8_t* data, std::size_t size) {
  using namespace grundy;
  namespace sub = grundy::subtraction;
  fuzz::expect_only_input_errors([&] {
    const auto s = sub::SubtractionSet::parse(fuzz::as_text(data, size));
    const auto again = sub::SubtractionSet::parse(s.to_string());
    fuzz::require(again.to_string() == s.to_string() && again.kind() == s.kind(),
                  "a set prints and parses back to itself");
    for (const Rule rule : {Rule::normal, Rule::misere}) {
      const auto values = sub::values(s, 200, rule);
      fuzz::require(values.size() == 200, "values() gives as many values as asked");
      // Periods are certified over a window of max(S) values: keep the search small here.
      if (sub::certifiable(s) && s.largest() <= 64) {
        if (const auto c = sub::certify(s, rule, 1 << 14)) {
          const auto more = sub::values(s, c->period.preperiod + 3 * c->period.period + 200, rule);
          for (std::size_t n = c->period.preperiod; n + c->period.period < more.size(); ++n)
            fuzz::require(more[n] == more[n + c->period.period], "a certified period holds");
        }
      }
    }
  });
  return 0;
}
