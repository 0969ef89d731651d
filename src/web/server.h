#pragma once
// `grundy serve`: the local web app. cpp-httplib serves the static page (embedded in the binary,
// assets.h) and the JSON API (api.h). Everything is bounded: the request body (413), the
// computations running at once and waiting (503 beyond), each computation's time (504), idle and
// slow connections (keep-alive and read timeouts), connections waiting for a thread (503).
#include <atomic>
#include <cstddef>
#include <memory>
#include <string>

namespace grundy::web {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;                 // 0: any free port (bind() says which)
  double budget_seconds = 2;       // per computation; <= 0: none
  unsigned workers = 0;            // computations at once; 0: one per core
  unsigned queue = 64;             // computations waiting for a worker; one more gets 503
  unsigned threads = 96;           // connection threads (a keep-alive connection holds one)
  unsigned pending = 256;          // connections waiting for a thread; more are answered 503
  std::size_t max_body = 1 << 20;  // bytes; larger bodies get 413
  int keep_alive_seconds = 5;      // an idle keep-alive connection is closed after this
  int read_timeout_seconds = 5;    // a request that arrives slower than this is dropped
  bool log = false;                // one line per request on stderr
};

// The Content-Security-Policy of every response: only our own scripts, styles and requests.
extern const char* const kContentSecurityPolicy;

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Binds to host:port and returns the port. IoError if the address cannot be bound.
  int bind();
  // Serves until stop(). Returns when every connection thread has finished.
  void run();
  // Thread-safe; run() returns soon after.
  void stop();

  const ServerOptions& options() const { return options_; }

 private:
  struct Impl;
  ServerOptions options_;
  std::unique_ptr<Impl> impl_;
};

}  // namespace grundy::web
