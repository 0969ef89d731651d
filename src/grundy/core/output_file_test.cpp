#include "grundy/core/output_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "grundy/core/error.h"

namespace grundy {
namespace {

namespace fs = std::filesystem;

class OutputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("grundy_output_file_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  static std::string slurp(const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }
  std::size_t entries() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(dir_), {}));
  }
  fs::path dir_;
};

TEST_F(OutputFileTest, CreatesAMissingFileAndReplacesARegularOne) {
  write_output_file(path("a.txt"), "first");
  EXPECT_EQ(slurp(path("a.txt")), "first");
  write_output_file(path("a.txt"), "second, longer");
  EXPECT_EQ(slurp(path("a.txt")), "second, longer");
  EXPECT_EQ(entries(), 1u);  // no temporary file left behind
}

TEST_F(OutputFileTest, WithoutCommitTheTargetIsUntouchedAndNoTemporaryRemains) {
  write_output_file(path("a.txt"), "kept");
  {
    OutputFile out(path("a.txt"));
    out.write("half of a new file");
    EXPECT_EQ(entries(), 2u);  // the temporary file exists while writing
  }
  EXPECT_EQ(slurp(path("a.txt")), "kept");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFileTest, DevicesAreWrittenThroughNeverReplaced) {
  const auto t = resolve_output("/dev/null");
  EXPECT_EQ(t.kind, OutputKind::write_through);
  write_output_file("/dev/null", "discarded");
  struct stat st {};
  ASSERT_EQ(::stat("/dev/null", &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST_F(OutputFileTest, AFullDeviceIsAnIoErrorNamingTheCause) {
  if (::access("/dev/full", W_OK) != 0) GTEST_SKIP() << "no /dev/full";
  try {
    write_output_file("/dev/full", std::string(1 << 16, 'x'));
    FAIL() << "expected IoError";
  } catch (const IoError& e) {
    EXPECT_NE(std::string(e.what()).find("No space left on device"), std::string::npos) << e.what();
  }
}

TEST_F(OutputFileTest, FifosAreWrittenThrough) {
  const std::string fifo = path("pipe");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string got;
  std::thread reader([&] { got = slurp(fifo); });
  write_output_file(fifo, "through the pipe");
  reader.join();
  EXPECT_EQ(got, "through the pipe");
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

TEST_F(OutputFileTest, DevStdoutWritesToTheDescriptorWhereItIs) {
  // stdout redirected to a regular file: /dev/stdout appends to it, never replaces it.
  const std::string file = path("captured.txt");
  const int saved = ::dup(1);
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  ASSERT_GE(fd, 0);
  ::dup2(fd, 1);
  ::close(fd);
  ASSERT_EQ(::write(1, "before ", 7), 7);
  write_output_file("/dev/stdout", "middle ");
  ASSERT_EQ(::write(1, "after", 5), 5);
  ::dup2(saved, 1);
  ::close(saved);
  EXPECT_EQ(slurp(file), "before middle after");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(OutputFileTest, SymlinksAreFollowedAndKept) {
  write_output_file(path("real.txt"), "old");
  fs::create_symlink("real.txt", path("link.txt"));
  write_output_file(path("link.txt"), "new");
  EXPECT_TRUE(fs::is_symlink(path("link.txt")));
  EXPECT_EQ(slurp(path("real.txt")), "new");
  fs::create_symlink("/dev/null", path("null"));
  EXPECT_EQ(resolve_output(path("null")).kind, OutputKind::write_through);
}

TEST_F(OutputFileTest, DirectoriesAndMissingDirectoriesAreInputErrors) {
  EXPECT_THROW(resolve_output(dir_.string()), InputError);
  EXPECT_THROW(resolve_output(path("no/such/dir/file.txt")), InputError);
  EXPECT_THROW(resolve_output(""), InputError);
}

}  // namespace
}  // namespace grundy
