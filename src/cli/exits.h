#pragma once
// How `grundy` ends when something outside the user's input goes wrong: stdout cannot be
// written, memory runs out, an exception escapes. Exit statuses (docs/reliability.md):
//   0 success, 1 an I/O error (a write error on stdout or an output file), 2 bad input or a
//   request beyond a stated limit (including running out of memory), 70 an internal error,
//   141 (128 + SIGPIPE) the reader of stdout went away, as for any Unix tool in a pipe.

namespace grundy::cli {

// Memory for GMP and the terminate handler: an allocation that fails anywhere (GMP, another
// thread) prints one line and exits with status 2 instead of aborting with a core dump.
void install_failure_handlers();

// The exit status for a failed write to stdout with errno `err`. A broken pipe (EPIPE, when
// SIGPIPE is ignored) is quiet; any other error prints "grundy: write error: <reason>".
int write_error_status(int err);

// Remembers why a write to stdout failed (the first reason counts), for code that writes to
// stdout with fwrite/fflush itself: flush_stdout() then reports it.
void note_stdout_error(int err);

// Flushes stdout and returns 0, or the status above if any write to it failed.
int flush_stdout();

// Whether stdout has seen a write error (fmt reports one by throwing std::system_error).
bool stdout_failed();

}  // namespace grundy::cli
