#include <atomic>
#include <cstdio>
#include <filesystem>
#include <string>

#include <unistd.h>

#include <gtest/gtest.h>

#include "grundy/core/error.h"
#include "grundy/games/octal/long_run.h"
#include "grundy/games/octal/sparse.h"

namespace grundy::octal {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("grundy_octal_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

void remove_all(const std::string& out) {
  for (const char* tail : {"", ".part", ".ckpt", ".ckpt.tmp"}) std::remove((out + tail).c_str());
}

TEST(OctalLongRun, StopResumeGivesTheUninterruptedTable) {
  for (const char* name : {"t.bin", "t.txt"}) {
    const std::string out = temp_path(name);
    remove_all(out);
    const auto code = OctalCode::parse("0.6");
    const std::uint64_t count = 20000;
    std::atomic<bool> stop{true};  // stops at the first check, after 4096 values
    RunOptions o{out, count, false, 30, &stop, nullptr};
    const RunResult first = run_table(code, o);
    EXPECT_TRUE(first.interrupted);
    EXPECT_EQ(first.done, 4096u);
    EXPECT_FALSE(std::filesystem::exists(out));
    EXPECT_THROW(run_table(code, o), InputError);  // a checkpoint exists: --resume needed
    stop = false;
    o.resume = true;
    const RunResult second = run_table(code, o);
    EXPECT_FALSE(second.interrupted);
    EXPECT_EQ(second.resumed_from, 4096u);
    std::string stored_code;
    const auto table = read_table(out, &stored_code);
    EXPECT_EQ(table, sparse_values(code, count)) << name;
    if (std::string(name) == "t.bin") {
      EXPECT_EQ(stored_code, "0.6");
    }
    EXPECT_FALSE(std::filesystem::exists(out + ".ckpt"));
    EXPECT_THROW(run_table(code, o), InputError);  // nothing to resume
    o.count = 5;
    o.resume = false;
    remove_all(out);
  }
}

TEST(OctalLongRun, CheckpointOfAnotherGameIsRefused) {
  const std::string out = temp_path("other.bin");
  remove_all(out);
  std::atomic<bool> stop{true};
  RunOptions o{out, 10000, false, 30, &stop, nullptr};
  run_table(OctalCode::parse("0.77"), o);
  o.resume = true;
  EXPECT_THROW(run_table(OctalCode::parse("0.07"), o), InputError);
  remove_all(out);
}

}  // namespace
}  // namespace grundy::octal
