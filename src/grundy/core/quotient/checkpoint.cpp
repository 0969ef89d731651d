#include "grundy/core/quotient/checkpoint.h"

#include <nlohmann/json.hpp>

#include "grundy/core/error.h"

namespace grundy::quotient {

namespace {
constexpr const char* kFormat = "grundy misère quotient checkpoint";
constexpr int kVersion = 1;
}  // namespace

std::string state_json(const std::string& game, const BuilderState& state) {
  const Pretension& p = state.pretension;
  std::string p_bits(p.monoid.order(), '0');
  for (Element x = 0; x < p.monoid.order(); ++x)
    if (p.monoid.p[x]) p_bits[x] = '1';
  const nlohmann::json j = {{"format", kFormat},
                            {"version", kVersion},
                            {"game", game},
                            {"heaps", p.heaps()},
                            {"order", p.monoid.order()},
                            {"p_portion", p_bits},
                            {"heap_generator", p.heap_generator},
                            {"action", p.monoid.action},
                            {"expansions", state.expansions}};
  return j.dump() + "\n";
}

BuilderState read_state(std::string_view text, const std::string& game, const std::string& file) {
  const auto bad = [&](const std::string& why) {
    return InputError("checkpoint '" + file + "': " + why);
  };
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) throw bad("not a checkpoint (not a JSON object)");
  try {
    if (j.at("format") != kFormat || j.at("version") != kVersion)
      throw bad("not a misère quotient checkpoint of this version");
    if (j.at("game") != game)
      throw bad("it is for " + j.at("game").get<std::string>() + ", not " + game);
    BuilderState s;
    const auto order = j.at("order").get<std::uint64_t>();
    const auto heaps = j.at("heaps").get<std::uint64_t>();
    if (order == 0 || order > (std::uint64_t{1} << 24) || heaps == 0 || heaps > (1u << 24))
      throw bad("its sizes are out of range");
    const auto p_bits = j.at("p_portion").get<std::string>();
    if (p_bits.size() != order) throw bad("its P-portion does not match its order");
    s.pretension.monoid.p.resize(order);
    for (std::size_t x = 0; x < order; ++x) {
      if (p_bits[x] != '0' && p_bits[x] != '1') throw bad("its P-portion is not 0s and 1s");
      s.pretension.monoid.p[x] = p_bits[x] == '1' ? 1 : 0;
    }
    s.pretension.monoid.action = j.at("action").get<std::vector<std::vector<Element>>>();
    for (const auto& row : s.pretension.monoid.action) {
      if (row.size() != order) throw bad("an action row does not match its order");
      for (const auto v : row)
        if (v >= order) throw bad("an action row names an element past its order");
    }
    s.pretension.heap_generator = j.at("heap_generator").get<std::vector<std::int32_t>>();
    if (s.pretension.heap_generator.size() != heaps) throw bad("its heaps do not match");
    for (const auto g : s.pretension.heap_generator)
      if (g < -1 || g >= static_cast<std::int64_t>(s.pretension.monoid.action.size()))
        throw bad("a heap names a generator that does not exist");
    s.expansions = j.at("expansions").get<std::vector<std::uint32_t>>();
    return s;
  } catch (const nlohmann::json::exception&) {
    throw bad("a field is missing or has the wrong type");
  }
}

}  // namespace grundy::quotient
