#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/octal/checksum.h"
#include "grundy/games/octal/control.h"
#include "grundy/games/octal/long_run.h"
#include "grundy/games/octal/run_files.h"
#include "grundy/games/octal/summary.h"

namespace grundy::octal {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("grundy_octal_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

void remove_all(const std::string& out) {
  for (const char* tail : {"", ".part", ".ckpt", ".ckpt.tmp", ".values"})
    std::remove((out + tail).c_str());
}

RunOptions options_for(const std::string& out, std::uint64_t count, std::atomic<bool>* stop) {
  RunOptions o;
  o.out = out;
  o.count = count;
  o.stop = stop;
  return o;
}

// A run stopped at once (the stop flag is checked before each chunk of values), then continued.
TEST(OctalLongRun, StopResumeGivesTheUninterruptedTable) {
  for (const char* name : {"t.bin", "t.txt"}) {
    const std::string out = temp_path(name);
    remove_all(out);
    const auto code = OctalCode::parse("0.6");
    const std::uint64_t count = 20000;
    std::atomic<bool> stop{true};
    RunOptions o = options_for(out, count, &stop);
    const RunResult first = run_table(code, o);
    EXPECT_TRUE(first.interrupted);
    EXPECT_LT(first.done, count);
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_TRUE(std::filesystem::exists(out + ".ckpt"));
    EXPECT_THROW(run_table(code, o), InputError);  // a checkpoint exists: --resume needed
    stop = false;
    o.resume = true;
    const RunResult second = run_table(code, o);
    EXPECT_FALSE(second.interrupted);
    EXPECT_EQ(second.resumed_from, first.done);
    std::string stored_code;
    const auto table = read_table(out, &stored_code);
    EXPECT_EQ(table, engine_values(code, count)) << name;
    if (std::string(name) == "t.bin") {
      EXPECT_EQ(stored_code, "0.6");
    }
    for (const char* tail : {".ckpt", ".part", ".values"})
      EXPECT_FALSE(std::filesystem::exists(out + tail)) << tail;
    // --resume on a finished run: complete, nothing done.
    const RunResult third = run_table(code, o);
    EXPECT_TRUE(third.already_complete);
    remove_all(out);
    // --resume without a checkpoint or output: starts from the beginning, saying so.
    std::string note;
    o.on_note = [&](const std::string& text) { note = text; };
    const RunResult fourth = run_table(code, o);
    EXPECT_EQ(fourth.done, count);
    EXPECT_NE(note.find("starting from the beginning"), std::string::npos);
    remove_all(out);
  }
}

TEST(OctalLongRun, CheckpointOfAnotherGameIsRefused) {
  const std::string out = temp_path("other.bin");
  remove_all(out);
  std::atomic<bool> stop{true};
  RunOptions o = options_for(out, 10000, &stop);
  run_table(OctalCode::parse("0.6"), o);
  o.resume = true;
  EXPECT_THROW(run_table(OctalCode::parse("0.16"), o), InputError);
  o.count = 9999;
  EXPECT_THROW(run_table(OctalCode::parse("0.6"), o), InputError);
  remove_all(out);
}

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_bytes(const std::string& path, const std::string& data) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << data;
}

// Issue 10.8: a damaged part file is refused with the reason, and left as it is.
TEST(OctalLongRun, DamagedPartFilesAreRefused) {
  const std::string out = temp_path("damaged.bin");
  remove_all(out);
  const auto code = OctalCode::parse("0.6");
  std::atomic<bool> stop{false};
  RunOptions o = options_for(out, 200000, &stop);
  o.on_chunk = [&](std::uint64_t done) { stop = done >= 50000; };
  ASSERT_TRUE(run_table(code, o).interrupted);  // a clean stop: the part ends at the checkpoint
  stop = false;
  o.on_chunk = nullptr;
  const std::string part = out + ".part";
  const std::string good = read_bytes(part);
  ASSERT_GT(good.size(), 100u);
  o.resume = true;
  const auto message = [&] {
    try {
      run_table(code, o);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  write_bytes(part, good.substr(0, good.size() - 10));
  EXPECT_NE(message().find("is truncated"), std::string::npos);
  EXPECT_EQ(read_bytes(part).size(), good.size() - 10);  // nothing changed
  write_bytes(part, good + "xy");
  EXPECT_NE(message().find("more than checkpoint"), std::string::npos);
  std::string flipped = good;
  flipped[flipped.size() / 2] ^= 0x10;
  write_bytes(part, flipped);
  EXPECT_NE(message().find("was altered"), std::string::npos);
  EXPECT_EQ(read_bytes(part), flipped);
  EXPECT_TRUE(std::filesystem::exists(out + ".ckpt"));
  // Repaired: the run completes and gives the right table.
  write_bytes(part, good);
  const RunResult done = run_table(code, o);
  EXPECT_EQ(done.done, 200000u);
  EXPECT_EQ(read_table(out), engine_values(code, 200000));
  remove_all(out);
}

// Issue 10.7: a second run on the same output stops at once, touching nothing.
TEST(OctalLongRun, SecondRunOnTheSameOutputIsRefused) {
  const std::string out = temp_path("locked.bin");
  remove_all(out);
  PartFile held = PartFile::open_locked(out + ".part", out, true);
  held.append("someone else's bytes");
  std::atomic<bool> stop{false};
  const RunOptions o = options_for(out, 1000, &stop);
  try {
    run_table(OctalCode::parse("0.77"), o);
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("another run is writing"), std::string::npos);
  }
  EXPECT_EQ(read_bytes(out + ".part"), "someone else's bytes");
  EXPECT_FALSE(std::filesystem::exists(out + ".ckpt"));
  EXPECT_FALSE(std::filesystem::exists(out));
  remove_all(out);
}

// Issue 10.6: a FIFO is written straight (no part, no checkpoint), never replaced.
TEST(OctalLongRun, FifoIsWrittenStraight) {
  const std::string fifo = temp_path("fifo.txt");
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = read_bytes(fifo); });
  std::atomic<bool> stop{false};
  RunOptions o = options_for(fifo, 30, &stop);
  const RunResult r = run_table(OctalCode::parse("0.77"), o);
  reader.join();
  EXPECT_FALSE(r.resumable);
  EXPECT_EQ(got.substr(0, 12), "0 0\n1 1\n2 2\n");
  struct stat st {};
  ASSERT_EQ(::stat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  EXPECT_FALSE(std::filesystem::exists(fifo + ".part"));
  o.resume = true;
  EXPECT_THROW(run_table(OctalCode::parse("0.77"), o), InputError);
  std::remove(fifo.c_str());
}

// Symlinks are followed: the file they point to is replaced, the link keeps working.
TEST(OctalLongRun, SymlinkTargetIsReplaced) {
  const std::string real = temp_path("real.bin"), link = temp_path("link.bin");
  remove_all(real);
  std::remove(link.c_str());
  write_bytes(real, "old");
  std::filesystem::create_symlink(real, link);
  std::atomic<bool> stop{false};
  run_table(OctalCode::parse("0.77"), options_for(link, 100, &stop));
  EXPECT_TRUE(std::filesystem::is_symlink(link));
  EXPECT_EQ(read_table(link).size(), 100u);
  EXPECT_EQ(read_table(real).size(), 100u);
  std::remove(link.c_str());
  remove_all(real);
}

// Issue 13.1: a proven game's table comes from its period (the engine computes only what the
// proof needs), at any length.
TEST(OctalLongRun, ProvenGamesAreWrittenFromThePeriod) {
  const std::string out = temp_path("dawson.bin"), summary = temp_path("dawson.json");
  remove_all(out);
  remove_all(summary);
  std::atomic<bool> stop{false};
  RunOptions o = options_for(out, 1'000'000, &stop);
  o.summary = summary;
  const RunResult r = run_table(OctalCode::parse("0.07"), o);
  EXPECT_EQ(r.source, "proven period 34 from n = 53");
  const auto table = read_table(out);
  const auto head = engine_values(OctalCode::parse("0.07"), 200);
  for (std::uint64_t n = 0; n < table.size(); ++n)
    ASSERT_EQ(table[n], head[n < 53 ? n : 53 + (n - 53) % 34]) << n;
  // The summary's checksum is the CRC-32C of the binary table's values.
  const std::string bytes = read_bytes(out);
  const std::uint32_t crc = crc32c(0, bytes.data() + bytes.size() - 2'000'000, 2'000'000);
  const Summary s = read_summary(summary);
  EXPECT_TRUE(s.complete);
  EXPECT_EQ(s.count, 1'000'000u);
  EXPECT_EQ(s.checksum, crc);
  remove_all(out);
  remove_all(summary);
}

TEST(OctalChecksum, KnownVector) {
  EXPECT_EQ(crc32c(0, "123456789", 9), 0xE3069283u);
  EXPECT_EQ(crc32c(crc32c(0, "1234", 4), "56789", 5), 0xE3069283u);
}

}  // namespace
}  // namespace grundy::octal
