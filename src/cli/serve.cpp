// grundy serve [--host 127.0.0.1] [--port 8080] [--open] [--budget SECONDS] [--workers N]
//              [--queue N] [--threads N] [--max-body SIZE] [--timeout S] [--log]
// The local web app: the pages and the JSON API (src/web/, docs/web.md) until Ctrl-C.
#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>

#include <fmt/core.h>

#include "command.h"
#include "grundy/core/error.h"
#include "grundy/core/parse.h"
#include "grundy/core/text_check.h"
#include "io.h"
#include "web/server.h"

extern char** environ;

namespace grundy::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1";
  std::string port = "8080";
  std::string budget = "2";
  std::string workers;
  std::string queue = "64";
  std::string threads = "96";
  std::string max_body = "1M";
  std::string timeout = "5";
  bool open = false;
  bool log = false;
};

// An address that cannot be listened on because it is not an address (999.1.1.1, a name that
// does not resolve) is bad input (status 2); one that is taken or not this machine's is an I/O
// error (status 1), found when binding.
void check_host(const std::string& host) {
  in_addr v4{};
  in6_addr v6{};
  if (::inet_pton(AF_INET, host.c_str(), &v4) == 1 || ::inet_pton(AF_INET6, host.c_str(), &v6) == 1)
    return;
  // Digits and dots that are not an IPv4 address (999.1.1.1) are not a name either: no lookup.
  if (host.find_first_not_of("0123456789.") == std::string::npos)
    throw InputError("--host '" + printable(host, 100) + "' is not an IPv4 address");
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  const int err = ::getaddrinfo(host.c_str(), nullptr, &hints, &found);
  if (found) ::freeaddrinfo(found);
  if (err != 0)
    throw InputError("--host '" + printable(host, 100) +
                     "' is not an IPv4 or IPv6 address or a name of this machine (" +
                     ::gai_strerror(err) + ")");
}

bool is_loopback(const std::string& host) {
  if (host == "localhost") return true;
  in_addr v4{};
  if (::inet_pton(AF_INET, host.c_str(), &v4) == 1) return (ntohl(v4.s_addr) >> 24) == 127;
  in6_addr v6{};
  if (::inet_pton(AF_INET6, host.c_str(), &v6) == 1) return IN6_IS_ADDR_LOOPBACK(&v6);
  return false;
}

// Opens the URL in the desktop's browser, without waiting for it.
void open_browser(const std::string& url) {
  pid_t pid = 0;
  std::string program = "xdg-open";
  char* argv[] = {program.data(), const_cast<char*>(url.c_str()), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  const int err = posix_spawnp(&pid, "xdg-open", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  if (err != 0)
    fmt::print(stderr, "grundy: cannot start xdg-open to open a browser; open {} yourself\n", url);
  else
    std::thread([pid] { ::waitpid(pid, nullptr, 0); }).detach();
}

void run(const ServeOptions& o) {
  web::ServerOptions so;
  if (o.host.empty()) throw InputError("--host is empty");
  check_host(o.host);
  so.host = o.host;
  so.port = static_cast<int>(parse_uint(o.port, "--port", 65535));
  so.budget_seconds = parse_decimal(o.budget, "--budget", 0.01, 3600);
  if (!o.workers.empty())
    so.workers = static_cast<unsigned>(parse_uint_in(o.workers, "--workers", 1, 256));
  so.queue = static_cast<unsigned>(parse_uint(o.queue, "--queue", 100'000));
  so.threads = static_cast<unsigned>(parse_uint_in(o.threads, "--threads", 1, 4096));
  so.max_body = static_cast<std::size_t>(parse_size(o.max_body, "--max-body"));
  if (so.max_body == 0) throw InputError("--max-body must be at least 1 byte");
  so.log = o.log;
  so.keep_alive_seconds = so.read_timeout_seconds =
      static_cast<int>(parse_uint_in(o.timeout, "--timeout", 1, 3600));

  // Ctrl-C and SIGTERM are taken by one thread that stops the server; every other thread
  // (created below, inheriting this mask) leaves them alone. A client that hangs up must not
  // kill the server with SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  web::Server server(so);
  const int port = server.bind();
  if (!is_loopback(o.host))
    fmt::print(stderr,
               "grundy: warning: serving on {}, which other machines may reach; the app has no "
               "login, so anyone who can reach it can use it\n",
               o.host);
  const std::string shown = o.host.find(':') != std::string::npos ? "[" + o.host + "]" : o.host;
  const std::string url = fmt::format("http://{}:{}/", shown, port);
  write_stdout(fmt::format("grundy serve: {} (Ctrl-C stops it)\n", url));
  std::fflush(stdout);
  if (o.open) open_browser(url);

  std::atomic<bool> signalled{false}, finished{false};
  std::thread waiter([&] {
    int sig = 0;
    sigwait(&signals, &sig);
    signalled.store(true);
    // A signal that came before run() started listening finds nothing to stop yet: keep asking
    // until run() has returned.
    while (!finished.load()) {
      server.stop();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  });
  server.run();
  finished.store(true);
  // run() returned without a signal (the listening socket failed): wake the waiter. A signal
  // sent to a thread that has just ended is dropped with it.
  if (!signalled.load()) pthread_kill(waiter.native_handle(), SIGTERM);
  waiter.join();
  pthread_sigmask(SIG_UNBLOCK, &signals, nullptr);
  write_stdout("grundy serve: stopped\n");
}

const Registration serve_registration{
    95, "serve", [](Command app) {
      auto o = std::make_shared<ServeOptions>();
      auto cmd = app.add_subcommand(
          "serve", "The local web app: play every game and explore every table in a browser");
      cmd.add_option("--host", o->host,
                     "address to listen on (default 127.0.0.1: this machine only)");
      cmd.add_option("--port", o->port, "port (default 8080; 0 = any free port)");
      cmd.add_flag("--open", o->open, "open the page in the desktop's browser (xdg-open)");
      cmd.add_option("--budget", o->budget,
                     "compute budget per request in seconds (default 2); past it: HTTP 504");
      cmd.add_option("--workers", o->workers, "requests computing at once (default: one per core)");
      cmd.add_option("--queue", o->queue,
                     "requests waiting for a worker (default 64); past it: HTTP 503");
      cmd.add_option("--threads", o->threads, "connection threads (default 96)");
      cmd.add_option("--max-body", o->max_body,
                     "largest request body (default 1M; K, M suffixes); past it: HTTP 413");
      cmd.add_option("--timeout", o->timeout,
                     "seconds an idle keep-alive connection or a slow request may take "
                     "(default 5)");
      cmd.add_flag("--log", o->log, "print one line per request on stderr");
      cmd.footer(
          "Example:\n  grundy serve            then open http://127.0.0.1:8080/\n"
          "  grundy serve --port 0 --budget 5");
      cmd.callback([o] { run(*o); });
    }};

}  // namespace
}  // namespace grundy::cli
