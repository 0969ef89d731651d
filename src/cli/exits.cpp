#include "exits.h"

#include <gmp.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>
#include <streambuf>
#include <string>

#include "grundy/core/text_check.h"

namespace grundy::cli {
namespace {

int g_stdout_errno = 0;  // the reason for the first failed write to stdout, if any

// std::cout's writes go to stdout through this buffer, which remembers why a write failed
// (CLI11 prints --help with std::endl, which flushes and would otherwise lose errno).
class StdoutBuffer : public std::streambuf {
 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    return put(&ch, 1) ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    return put(s, static_cast<std::size_t>(n)) ? n : 0;
  }
  int sync() override {
    errno = 0;
    if (std::fflush(stdout) == 0) return 0;
    if (g_stdout_errno == 0) g_stdout_errno = errno;
    return -1;
  }

 private:
  static bool put(const char* s, std::size_t n) {
    errno = 0;
    if (std::fwrite(s, 1, n, stdout) == n) return true;
    if (g_stdout_errno == 0) g_stdout_errno = errno;
    return false;
  }
};

// Writes straight to fd 2: these paths may run with the heap exhausted.
void say(const char* text) {
  const std::size_t n = std::strlen(text);
  std::size_t done = 0;
  while (done < n) {
    const ssize_t w = ::write(2, text + done, n - done);
    if (w <= 0) return;
    done += static_cast<std::size_t>(w);
  }
}

[[noreturn]] void out_of_memory() {
  say("grundy: out of memory; ask for a smaller computation\n");
  std::fflush(stdout);
  ::_exit(2);
}

void* gmp_allocate(std::size_t n) {
  void* p = std::malloc(n);
  if (!p) out_of_memory();
  return p;
}
void* gmp_reallocate(void* old, std::size_t, std::size_t n) {
  void* p = std::realloc(old, n);
  if (!p) out_of_memory();
  return p;
}
void gmp_free(void* p, std::size_t) {
  std::free(p);
}

[[noreturn]] void on_terminate() {
  if (const std::exception_ptr e = std::current_exception()) {
    try {
      std::rethrow_exception(e);
    } catch (const std::bad_alloc&) {
      out_of_memory();
    } catch (const std::exception& x) {
      say(("grundy: internal error: " + one_line(x.what()) + " (please report it)\n").c_str());
    } catch (...) {
      say("grundy: internal error: an unknown exception (please report it)\n");
    }
  } else {
    say("grundy: internal error (please report it)\n");
  }
  ::_exit(70);
}

}  // namespace

void install_failure_handlers() {
  mp_set_memory_functions(gmp_allocate, gmp_reallocate, gmp_free);
  std::set_terminate(on_terminate);
  // Never destroyed: std::cout is flushed by std::ios_base::Init's destructor, which may run
  // after this file's statics are gone (it did, from libgmpxx, under AddressSanitizer: a SEGV at
  // every exit).
  static StdoutBuffer* const buffer = new StdoutBuffer;
  std::cout.rdbuf(buffer);
}

int write_error_status(int err) {
  if (err == EPIPE) return 141;
  say(("grundy: write error: " + std::string(std::strerror(err)) + "\n").c_str());
  return 1;
}

void note_stdout_error(int err) {
  if (g_stdout_errno == 0) g_stdout_errno = err != 0 ? err : EIO;
}

int flush_stdout() {
  errno = 0;
  if (std::fflush(stdout) != 0 && g_stdout_errno == 0) g_stdout_errno = errno;
  if (g_stdout_errno == 0 && !std::ferror(stdout) && !std::cout.fail()) return 0;
  return write_error_status(g_stdout_errno != 0 ? g_stdout_errno : EIO);
}

bool stdout_failed() {
  return std::ferror(stdout) != 0;
}

}  // namespace grundy::cli
