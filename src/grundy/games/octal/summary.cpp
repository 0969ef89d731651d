#include "grundy/games/octal/summary.h"

#include <cstdio>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "grundy/core/error.h"
#include "grundy/games/octal/checksum.h"
#include "grundy/games/octal/state_io.h"

namespace grundy::octal {

void SummaryAccumulator::add(const Value* values, std::uint64_t count) {
  crc_ = crc32c(crc_, values, count * sizeof(Value));
  for (std::uint64_t i = 0; i < count; ++i) {
    const Value v = values[i];
    if (v >= by_value_.size()) by_value_.resize(std::size_t{v} + 1);
    ValueStats& s = by_value_[v];
    if (s.count++ == 0) s.first = n_ + i;
    s.last = n_ + i;
  }
  n_ += count;
}

void SummaryAccumulator::save(std::ostream& out) const {
  write_pod(out, n_);
  write_pod(out, crc_);
  write_vector(out, by_value_);
}

void SummaryAccumulator::load(std::istream& in) {
  read_pod(in, n_);
  read_pod(in, crc_);
  read_vector(in, by_value_);
  if (by_value_.size() > 65536) throw InputError("the checkpoint's summary is corrupt");
}

std::string checksum_text(std::uint32_t crc) {
  char text[16];
  std::snprintf(text, sizeof text, "%08x", crc);
  return text;
}

Summary make_summary(const OctalCode& code, const SummaryAccumulator& acc) {
  Summary s;
  s.code = code.to_string();
  s.count = acc.count();
  s.checksum = acc.checksum();
  s.by_value = acc.by_value();
  for (std::size_t v = 0; v < s.by_value.size(); ++v)
    if (s.by_value[v].count > 0) {
      s.largest = static_cast<std::uint32_t>(v);
      s.largest_at = s.by_value[v].first;
    }
  return s;
}

std::string summary_json(const Summary& s) {
  std::ostringstream out;
  const auto str = [](const std::string& t) { return nlohmann::json(t).dump(); };
  out << "{\n";
  out << "  \"game\": " << str(s.code == "grundy" ? "grundy" : "octal") << ",\n";
  out << "  \"code\": " << str(s.code) << ",\n";
  out << "  \"count\": " << s.count << ",\n";
  out << "  \"complete\": " << (s.complete ? "true" : "false") << ",\n";
  out << "  \"checksum\": " << str("crc32c:" + checksum_text(s.checksum)) << ",\n";
  out << "  \"checksum_of\": \"G(0..count-1) as little-endian u16 (the binary table's values)\",\n";
  out << "  \"largest\": {\"value\": " << s.largest << ", \"first\": " << s.largest_at << "},\n";
  std::uint64_t distinct = 0;
  for (const auto& v : s.by_value) distinct += v.count > 0;
  out << "  \"distinct_values\": " << distinct << ",\n";
  out << "  \"values\": [";
  bool first = true;
  for (std::size_t v = 0; v < s.by_value.size(); ++v) {
    const ValueStats& st = s.by_value[v];
    if (st.count == 0) continue;
    out << (first ? "\n" : ",\n") << "    {\"value\": " << v << ", \"count\": " << st.count
        << ", \"first\": " << st.first << ", \"last\": " << st.last << "}";
    first = false;
  }
  out << (first ? "],\n" : "\n  ],\n");
  char mask[16];
  std::snprintf(mask, sizeof mask, "0x%x", s.mask);
  out << "  \"rare\": {\n";
  out << "    \"mask\": " << str(mask) << ",\n";
  out << "    \"mask_means\": \"heap x is rare when popcount((2*G(x) + x%2) & mask) is even\",\n";
  out << "    \"count\": " << s.rare_count << ",\n";
  out << "    \"listed\": " << s.rare.size() << ",\n";
  out << "    \"heaps\": [";
  for (std::size_t i = 0; i < s.rare.size(); ++i)
    out << (i == 0 ? "" : ", ") << (i % 8 == 0 ? "\n      " : "") << "[" << s.rare[i].first << ", "
        << s.rare[i].second << "]";
  out << (s.rare.empty() ? "]\n" : "\n    ]\n");
  out << "  },\n";
  out << "  \"source\": " << str(s.source) << ",\n";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", s.seconds);
  out << "  \"seconds\": " << seconds << "\n";
  out << "}\n";
  return out.str();
}

Summary read_summary(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read '" + path + "'");
  nlohmann::json j;
  try {
    in >> j;
    Summary s;
    s.code = j.at("code").get<std::string>();
    s.count = j.at("count").get<std::uint64_t>();
    s.complete = j.at("complete").get<bool>();
    const std::string crc = j.at("checksum").get<std::string>();
    s.checksum = static_cast<std::uint32_t>(std::stoul(crc.substr(crc.find(':') + 1), nullptr, 16));
    return s;
  } catch (const std::exception&) {
    throw InputError("'" + path + "' is not a grundy summary");
  }
}

}  // namespace grundy::octal
