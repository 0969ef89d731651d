#include "grundy/games/octal/long_run.h"

#include <unistd.h>

#include <bit>
#include <charconv>
#include <chrono>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/run_clock.h"
#include "grundy/games/octal/checksum.h"
#include "grundy/games/octal/period.h"
#include "grundy/games/octal/run_files.h"
#include "grundy/games/octal/state_io.h"

namespace grundy::octal {
namespace {

static_assert(std::endian::native == std::endian::little, "tables are little-endian");

constexpr char kTableMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'T', '1'};
constexpr char kCheckpointMagic[8] = {'G', 'R', 'C', 'K', 'P', 'T', '0', '2'};
constexpr std::uint32_t kFormatVersion = 1;
constexpr std::uint32_t kValueWidth = 2;
constexpr std::uint64_t kChunk = std::uint64_t{1} << 14;
constexpr std::size_t kFlushBytes = std::size_t{1} << 20;
constexpr std::uint64_t kLastProofCheck = std::uint64_t{1} << 24;

enum class TableKind : std::uint8_t { none = 0, binary = 1, text = 2 };
enum class SourceKind : std::uint8_t { engine = 0, period = 1 };

bool ends_with(const std::string& s, const std::string& tail) {
  return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

std::string table_header(const OctalCode& code, std::uint64_t count) {
  std::ostringstream out;
  out.write(kTableMagic, sizeof kTableMagic);
  write_pod(out, kFormatVersion);
  write_pod(out, kValueWidth);
  const std::string c = code.to_string();
  write_pod(out, static_cast<std::uint32_t>(c.size()));
  out.write(c.data(), static_cast<std::streamsize>(c.size()));
  write_pod(out, count);
  return out.str();
}

bool is_rare_under(std::uint32_t mask, std::uint64_t n, std::uint32_t v) {
  return (std::popcount(((std::uint64_t{v} << 1) | (n & 1)) & mask) & 1) == 0;
}

// Whether `path` holds the finished table of `code` with `count` values.
bool table_complete(const std::string& path, const OctalCode& code, std::uint64_t count,
                    bool text) {
  if (!path_exists(path)) return false;
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return false;
  const auto size = static_cast<std::uint64_t>(in.tellg());
  if (text) {
    if (count == 0) return size == 0;
    const std::uint64_t tail = std::min<std::uint64_t>(size, 64);
    std::string end(tail, '\0');
    in.seekg(static_cast<std::streamoff>(size - tail));
    in.read(end.data(), static_cast<std::streamsize>(tail));
    if (end.empty() || end.back() != '\n') return false;
    end.pop_back();
    const std::string last =
        end.substr(end.rfind('\n') == std::string::npos ? 0 : end.rfind('\n') + 1);
    return last.rfind(std::to_string(count - 1) + " ", 0) == 0;
  }
  const std::string header = table_header(code, count);
  if (size != header.size() + kValueWidth * count) return false;
  std::string got(header.size(), '\0');
  in.seekg(0);
  in.read(got.data(), static_cast<std::streamsize>(got.size()));
  return got == header;
}

bool summary_complete(const std::string& path, const OctalCode& code, std::uint64_t count) {
  if (!path_exists(path)) return false;
  try {
    const Summary s = read_summary(path);
    return s.complete && s.code == code.to_string() && s.count == count;
  } catch (const InputError&) {
    return false;
  }
}

// Refuses a memory store that cannot fit: write-through runs keep their values in RAM.
void check_memory(std::uint64_t count) {
  const long pages = ::sysconf(_SC_PHYS_PAGES), page = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return;
  const auto ram = static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
  if (count * sizeof(Value) > ram / 4 * 3)
    throw LimitError("the engine keeps all " + std::to_string(count) +
                     " values, which does not fit in memory here; write the table or summary to "
                     "a regular file (the values are then kept in a file beside it)");
}

class LongRun {
 public:
  LongRun(const OctalCode& code, const RunOptions& o) : code_(code), o_(o) {}
  RunResult run();

 private:
  void open_targets();
  bool outputs_complete() const;
  void start_fresh();
  void resume_from_checkpoint();
  void try_quick_proof();
  void start_engine(bool keep_store);
  void switch_to_period(const PeriodProof& proof, const Value* values);
  void produce_and_emit(std::uint64_t count);
  void emit(const Value* values, std::uint64_t count);
  void flush();
  void checkpoint(bool clean);
  std::string checkpoint_bytes(bool clean) const;
  void finish();
  Summary current_summary(bool complete) const;
  void note(const std::string& text) const {
    if (o_.on_note) o_.on_note(text);
  }

  const OctalCode& code_;
  const RunOptions& o_;
  RunResult result_;
  std::optional<OutputTarget> out_, sum_;
  TableKind table_ = TableKind::none;
  bool write_through_ = false;
  std::string primary_, ckpt_, values_path_;
  PartFile out_part_, sum_part_;
  std::unique_ptr<OutputFile> out_direct_;
  std::string buffer_;

  SourceKind source_ = SourceKind::engine;
  ValueStore store_;
  std::unique_ptr<ValueEngine> engine_;
  std::uint64_t period_e_ = 0, period_p_ = 0;
  std::vector<Value> period_base_;
  std::uint32_t period_mask_ = 0;
  std::uint64_t period_rare_count_ = 0;
  std::vector<std::pair<std::uint64_t, std::uint32_t>> period_rare_;
  std::vector<Value> chunk_;

  SummaryAccumulator acc_;
  std::uint64_t done_ = 0;
  double seconds_before_ = 0;  // spent by earlier sessions of this run
  RunClock clock_;             // this session's time, not counting a pause (SIGSTOP ... SIGCONT)
};

void LongRun::open_targets() {
  if (o_.out.empty() && o_.summary.empty())
    throw InputError("nothing to write: give a table file (--out) or a summary file (--summary)");
  if (!o_.out.empty()) {
    out_ = resolve_output(o_.out);
    table_ = ends_with(o_.out, ".txt") ? TableKind::text : TableKind::binary;
  }
  if (!o_.summary.empty()) sum_ = resolve_output(o_.summary);
  if (out_ && sum_ && out_->path == sum_->path && out_->kind == OutputKind::replace_atomically)
    throw InputError("the table and the summary must go to different files");
  write_through_ = (out_ && out_->kind == OutputKind::write_through) ||
                   (sum_ && sum_->kind == OutputKind::write_through);
  result_.resumable = !write_through_;
  if (write_through_ && o_.resume)
    throw InputError("'" + (out_ && out_->kind == OutputKind::write_through ? o_.out : o_.summary) +
                     "' is a FIFO or a device, written straight without a checkpoint, so this run "
                     "cannot be resumed; run it again without --resume");
  primary_ = out_ ? out_->path : sum_->path;
  ckpt_ = primary_ + ".ckpt";
  values_path_ = primary_ + ".values";
  if (write_through_) {
    if (out_ && out_->kind == OutputKind::write_through)
      out_direct_ = std::make_unique<OutputFile>(out_->path);
    return;
  }
  // Locks first: a second run on the same files must stop before it changes anything.
  const bool checkpoint_exists = path_exists(ckpt_);
  if (out_) out_part_ = PartFile::open_locked(out_->path + ".part", o_.out, !checkpoint_exists);
  if (sum_) sum_part_ = PartFile::open_locked(sum_->path + ".part", o_.summary, !checkpoint_exists);
}

bool LongRun::outputs_complete() const {
  if (out_ && !table_complete(out_->path, code_, o_.count, table_ == TableKind::text)) return false;
  if (sum_ && !summary_complete(sum_->path, code_, o_.count)) return false;
  return true;
}

void LongRun::try_quick_proof() {
  if (code_.is_grundy()) return;
  // Short enough not to need the stop flag (about a second at worst, for games without sparse
  // structure), and no checkpoint could be written before it anyway.
  std::vector<std::uint32_t> values;
  const auto proof = prove_period(
      code_, std::min(o_.quick_proof, std::max<std::uint64_t>(o_.count, 1)), &values, o_.engine);
  if (!proof) return;
  std::vector<Value> base(values.begin(), values.end());
  switch_to_period(*proof, base.data());
  period_mask_ = proof->mask;
}

void LongRun::switch_to_period(const PeriodProof& proof, const Value* values) {
  source_ = SourceKind::period;
  period_e_ = proof.period.preperiod;
  period_p_ = proof.period.period;
  period_base_.assign(values, values + period_e_ + period_p_);
  period_mask_ = proof.mask;
  result_.source =
      "proven period " + std::to_string(period_p_) + " from n = " + std::to_string(period_e_);
  // Rare heaps among the values written so far, under the mask of the proof.
  for (std::uint64_t n = 0; n < done_; ++n) {
    const Value v = n < period_base_.size() ? period_base_[n] : engine_->values()[n];
    if (n > 0 && is_rare_under(period_mask_, n, v)) {
      ++period_rare_count_;
      if (period_rare_.size() < kMaxSummaryRare) period_rare_.emplace_back(n, v);
    }
  }
  engine_.reset();
  store_ = ValueStore();
  remove_file(values_path_);
}

void LongRun::start_engine(bool keep_store) {
  EngineOptions eo = o_.engine;
  eo.stop = o_.stop;
  eo.capacity = std::max<std::uint64_t>(o_.count, 1);
  if (write_through_) {
    check_memory(o_.count);
    store_ = ValueStore::memory(eo.capacity);
  } else {
    store_ = ValueStore::file(values_path_, eo.capacity, keep_store);
  }
  engine_ = make_engine(code_, eo, &store_);
  result_.source = code_.max_parts() > 2 ? "split-set engine" : "sparse engine";
}

void LongRun::start_fresh() {
  if (out_part_.is_open()) out_part_.restart();
  if (sum_part_.is_open()) sum_part_.restart();
  if (table_ == TableKind::binary) buffer_ = table_header(code_, o_.count);
  try_quick_proof();
  if (source_ == SourceKind::engine) start_engine(false);
}

std::string LongRun::checkpoint_bytes(bool clean) const {
  std::ostringstream out;
  out.write(kCheckpointMagic, sizeof kCheckpointMagic);
  write_string(out, code_.to_string());
  write_pod(out, o_.count);
  write_pod(out, done_);
  write_pod(out, static_cast<std::uint8_t>(table_));
  write_pod(out, out_part_.bytes());
  write_pod(out, out_part_.crc());
  write_pod(out, static_cast<std::uint8_t>(sum_ ? 1 : 0));
  write_pod(out, static_cast<std::uint8_t>(clean ? 1 : 0));
  const double seconds = seconds_before_ + clock_.seconds();
  write_pod(out, seconds);
  acc_.save(out);
  write_pod(out, static_cast<std::uint8_t>(source_));
  if (source_ == SourceKind::period) {
    write_pod(out, period_e_);
    write_pod(out, period_p_);
    write_pod(out, period_mask_);
    write_vector(out, period_base_);
    write_pod(out, period_rare_count_);
    write_vector(out, period_rare_);
  } else {
    engine_->save(out);
  }
  std::string bytes = out.str();
  const std::uint32_t crc = crc32c(0, bytes.data(), bytes.size());
  bytes.append(reinterpret_cast<const char*>(&crc), sizeof crc);
  return bytes;
}

void LongRun::resume_from_checkpoint() {
  std::string bytes = read_whole_file(ckpt_);
  const auto bad = [&](const std::string& why) {
    return InputError("checkpoint '" + ckpt_ + "' " + why + "; nothing was changed");
  };
  if (bytes.size() < sizeof kCheckpointMagic + 4 ||
      std::memcmp(bytes.data(), kCheckpointMagic, sizeof kCheckpointMagic) != 0)
    throw bad("is not a checkpoint of this version of grundy");
  std::uint32_t stored = 0;
  std::memcpy(&stored, bytes.data() + bytes.size() - 4, 4);
  bytes.resize(bytes.size() - 4);
  if (crc32c(0, bytes.data(), bytes.size()) != stored) throw bad("is damaged (checksum mismatch)");
  std::istringstream in(bytes);
  in.ignore(sizeof kCheckpointMagic);
  if (read_string(in) != code_.to_string()) throw bad("belongs to another game");
  std::uint64_t count = 0, table_bytes = 0;
  std::uint8_t table = 0, has_summary = 0, clean = 0, source = 0;
  std::uint32_t table_crc = 0;
  read_pod(in, count);
  read_pod(in, done_);
  read_pod(in, table);
  read_pod(in, table_bytes);
  read_pod(in, table_crc);
  read_pod(in, has_summary);
  read_pod(in, clean);
  read_pod(in, seconds_before_);
  if (count != o_.count)
    throw bad("is for " + std::to_string(count) + " values, not " + std::to_string(o_.count));
  if (table != static_cast<std::uint8_t>(table_) || (has_summary != 0) != sum_.has_value())
    throw bad(
        "was written by a run with other outputs (" +
        std::string(table == 0 ? "no table" : (table == 1 ? "a binary table" : "a text table")) +
        (has_summary ? ", a summary" : ", no summary") + "); give the same --out/--summary");
  acc_.load(in);
  read_pod(in, source);
  if (acc_.count() != done_ || done_ > count) throw bad("is inconsistent");
  if (out_part_.is_open()) out_part_.resume_at(table_bytes, table_crc, clean != 0, ckpt_);
  if (source == static_cast<std::uint8_t>(SourceKind::period)) {
    source_ = SourceKind::period;
    read_pod(in, period_e_);
    read_pod(in, period_p_);
    read_pod(in, period_mask_);
    read_vector(in, period_base_);
    read_pod(in, period_rare_count_);
    read_vector(in, period_rare_);
    if (period_p_ == 0 || period_base_.size() != period_e_ + period_p_)
      throw bad("is inconsistent");
    result_.source =
        "proven period " + std::to_string(period_p_) + " from n = " + std::to_string(period_e_);
  } else {
    start_engine(true);
    engine_->load(in);
    if (engine_->position() != done_) throw bad("is inconsistent");
    if (crc32c(0, store_.data(), done_ * sizeof(Value)) != acc_.checksum())
      throw InputError("'" + values_path_ + "' does not hold the values that checkpoint '" + ckpt_ +
                       "' expects (changed or damaged); nothing was changed");
  }
  result_.resumed_from = done_;
}

void LongRun::flush() {
  if (buffer_.empty()) return;
  if (out_part_.is_open()) {
    out_part_.append(buffer_);
  } else if (out_direct_) {
    out_direct_->write(buffer_);
  }
  buffer_.clear();
}

void LongRun::emit(const Value* values, std::uint64_t count) {
  acc_.add(values, count);
  if (source_ == SourceKind::period)
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t n = done_ + i;
      if (n > 0 && is_rare_under(period_mask_, n, values[i])) {
        ++period_rare_count_;
        if (period_rare_.size() < kMaxSummaryRare) period_rare_.emplace_back(n, values[i]);
      }
    }
  if (table_ == TableKind::binary) {
    buffer_.append(reinterpret_cast<const char*>(values), count * sizeof(Value));
  } else if (table_ == TableKind::text) {
    char line[48];
    for (std::uint64_t i = 0; i < count; ++i) {
      char* p = std::to_chars(line, line + 24, done_ + i).ptr;
      *p++ = ' ';
      p = std::to_chars(p, p + 8, values[i]).ptr;
      *p++ = '\n';
      buffer_.append(line, static_cast<std::size_t>(p - line));
    }
  }
  done_ += count;
  if (buffer_.size() >= kFlushBytes) flush();
}

void LongRun::produce_and_emit(std::uint64_t count) {
  if (source_ == SourceKind::period) {
    chunk_.resize(count);
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::uint64_t n = done_ + i;
      chunk_[i] = period_base_[n < period_e_ ? n : period_e_ + (n - period_e_) % period_p_];
    }
    emit(chunk_.data(), count);
    return;
  }
  const std::uint64_t from = done_;
  std::uint64_t made = 0;
  try {
    for (; made < count; ++made) engine_->next();
  } catch (const Interrupted&) {
    emit(engine_->values() + from, made);
    throw;
  }
  emit(engine_->values() + from, count);
  // A period proven on the way makes the rest O(1).
  if (!code_.is_grundy() && done_ <= kLastProofCheck && done_ < o_.count &&
      std::has_single_bit(done_) && done_ > o_.quick_proof) {
    const std::vector<std::uint32_t> values(engine_->values(), engine_->values() + done_);
    if (const auto proof = proof_from_values(code_, values)) {
      PeriodProof p = *proof;
      p.mask = engine_->stats().mask;
      switch_to_period(p, engine_->values());
      note("period " + std::to_string(p.period.period) +
           " from n = " + std::to_string(p.period.preperiod) + " proven after " +
           std::to_string(done_) + " values; the rest comes from it");
    }
  }
}

Summary LongRun::current_summary(bool complete) const {
  Summary s = make_summary(code_, acc_);
  s.complete = complete;
  s.source = result_.source;
  s.seconds = seconds_before_ + clock_.seconds();
  if (source_ == SourceKind::period) {
    s.mask = period_mask_;
    s.rare_count = period_rare_count_;
    s.rare = period_rare_;
  } else if (engine_) {
    const EngineStats st = engine_->stats();
    s.mask = st.mask;
    s.rare_count = st.rare_positions;
    s.rare = engine_->rare_heaps();
    if (s.rare.size() > kMaxSummaryRare) s.rare.resize(kMaxSummaryRare);
  }
  return s;
}

void LongRun::checkpoint(bool clean) {
  if (write_through_) return;
  flush();
  if (out_part_.is_open()) out_part_.sync();
  store_.sync(done_);
  if (sum_part_.is_open()) sum_part_.replace_contents(summary_json(current_summary(false)));
  write_file_atomically(ckpt_, checkpoint_bytes(clean));
}

void LongRun::finish() {
  flush();
  result_.summary = current_summary(true);
  if (engine_) result_.stats = engine_->stats();
  if (write_through_) {
    if (out_direct_) out_direct_->commit();
    if (sum_) write_output_file(sum_->path, summary_json(result_.summary));
    return;
  }
  if (out_part_.is_open()) out_part_.publish(out_->path);
  if (sum_part_.is_open()) {
    sum_part_.replace_contents(summary_json(result_.summary));
    sum_part_.publish(sum_->path);
  }
  remove_file(ckpt_);
  remove_file(ckpt_ + ".tmp");
  engine_.reset();
  store_ = ValueStore();
  remove_file(values_path_);
}

RunResult LongRun::run() {
  open_targets();
  const bool checkpoint_exists = !write_through_ && path_exists(ckpt_);
  if (checkpoint_exists && !o_.resume)
    throw InputError("a checkpoint '" + ckpt_ +
                     "' exists; add --resume to continue it, or delete it");
  if (checkpoint_exists) {
    resume_from_checkpoint();
  } else {
    if (o_.resume) {
      if (outputs_complete()) {
        result_.already_complete = true;
        result_.done = o_.count;
        return result_;
      }
      note("no checkpoint '" + ckpt_ + "' to resume; starting from the beginning");
    }
    start_fresh();
  }
  double last_progress = clock_.seconds(), last_checkpoint = last_progress;
  std::uint64_t last_done = done_, last_plain = engine_ ? engine_->stats().plain_fallbacks : 0;
  try {
    while (done_ < o_.count) {
      if (o_.stop && o_.stop->load()) throw Interrupted();
      produce_and_emit(std::min(kChunk, o_.count - done_));
      if (o_.on_chunk) o_.on_chunk(done_);
      const double now = clock_.seconds();
      if (o_.on_progress && now - last_progress >= 1) {
        const double interval = now - last_progress;
        const std::uint64_t plain = engine_ ? engine_->stats().plain_fallbacks : 0;
        o_.on_progress(RunProgress{done_, o_.count, now,
                                   static_cast<double>(done_ - last_done) / interval,
                                   plain - last_plain > (done_ - last_done) / 2});
        last_progress = now;
        last_done = done_;
        last_plain = plain;
      }
      if (now - last_checkpoint >= o_.checkpoint_seconds) {
        checkpoint(false);
        last_checkpoint = now;
      }
    }
  } catch (const Interrupted&) {
    checkpoint(true);
    result_.interrupted = true;
    result_.done = done_;
    result_.summary = current_summary(false);
    return result_;
  } catch (const LimitError&) {
    checkpoint(true);  // what was computed stays usable
    throw;
  }
  finish();
  result_.done = done_;
  return result_;
}

}  // namespace

RunResult run_table(const OctalCode& code, const RunOptions& options) {
  LongRun run(code, options);
  return run.run();
}

std::vector<std::uint32_t> read_table(const std::string& path, std::string* code) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "'");
  std::vector<std::uint32_t> values;
  if (ends_with(path, ".txt")) {
    unsigned long long n = 0;
    std::uint32_t v = 0;
    while (in >> n >> v) {
      if (n != values.size())
        throw InputError("'" + path + "' skips n = " + std::to_string(values.size()));
      values.push_back(v);
    }
    return values;
  }
  char magic[sizeof kTableMagic];
  in.read(magic, sizeof magic);
  if (!in || std::memcmp(magic, kTableMagic, sizeof magic) != 0)
    throw InputError("'" + path + "' is not a grundy table");
  std::uint32_t version = 0, width = 0, length = 0;
  read_pod(in, version);
  read_pod(in, width);
  read_pod(in, length);
  if (version != kFormatVersion || width != kValueWidth || length > 4096)
    throw InputError("'" + path + "' has an unsupported format");
  std::string c(length, '\0');
  in.read(c.data(), length);
  std::uint64_t count = 0;
  read_pod(in, count);
  if (code) *code = c;
  if (count > (std::uint64_t{1} << 36)) throw InputError("'" + path + "' is corrupt");
  values.resize(count);
  for (auto& v : values) {
    std::uint16_t x = 0;
    read_pod(in, x);
    v = x;
  }
  return values;
}

}  // namespace grundy::octal
