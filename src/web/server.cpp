#include "web/server.h"

#include <sys/socket.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include <fmt/core.h>
#include <httplib.h>

#include "grundy/core/error.h"
#include "grundy/core/text_check.h"
#include "report/json_text.h"
#include "web/api.h"
#include "web/assets.h"
#include "web/pages.h"

namespace grundy::web {

const char* const kContentSecurityPolicy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

namespace {

// At most `workers` computations run at once and at most `queue` wait for one; a request that
// finds the queue full is refused at once (503) instead of waiting without bound.
class ComputeGate {
 public:
  ComputeGate(unsigned workers, unsigned queue) : workers_(workers), queue_(queue) {}
  bool enter() {
    std::unique_lock lock(mutex_);
    if (running_ < workers_) {
      ++running_;
      return true;
    }
    if (waiting_ >= queue_) return false;
    ++waiting_;
    free_.wait(lock, [&] { return running_ < workers_; });
    --waiting_;
    ++running_;
    return true;
  }
  void leave() {
    {
      std::lock_guard lock(mutex_);
      --running_;
    }
    free_.notify_one();
  }
  nlohmann::json status() const {
    std::lock_guard lock(mutex_);
    return {{"workers", workers_}, {"running", running_}, {"waiting", waiting_}, {"queue", queue_}};
  }

 private:
  mutable std::mutex mutex_;
  std::condition_variable free_;
  unsigned workers_, queue_;
  unsigned running_ = 0, waiting_ = 0;
};

// Set while a connection is served by an overflow thread: every request on it gets 503.
thread_local bool t_overflow = false;

// httplib's task queue: a fixed number of threads serve connections (a keep-alive connection
// holds its thread until it closes or idles out). At most `pending` connections wait for a
// thread; beyond that, a connection goes to one of a few overflow threads that answer 503 to
// its requests, so that a flood of connections is told to come back rather than left hanging.
class ConnectionPool : public httplib::TaskQueue {
 public:
  ConnectionPool(unsigned threads, unsigned pending) : pending_limit_(pending) {
    for (unsigned i = 0; i < threads; ++i) threads_.emplace_back([this] { work(jobs_, false); });
    for (unsigned i = 0; i < kOverflowThreads; ++i)
      threads_.emplace_back([this] { work(overflow_, true); });
  }
  void enqueue(std::function<void()> fn) override {
    {
      std::lock_guard lock(mutex_);
      if (jobs_.size() < pending_limit_)
        jobs_.push_back(std::move(fn));
      else
        overflow_.push_back(std::move(fn));
    }
    ready_.notify_all();
  }
  void shutdown() override {
    {
      std::lock_guard lock(mutex_);
      shutdown_ = true;
    }
    ready_.notify_all();
    for (auto& t : threads_) t.join();
  }

 private:
  static constexpr unsigned kOverflowThreads = 2;
  void work(std::deque<std::function<void()>>& queue, bool overflow) {
    t_overflow = overflow;
    for (;;) {
      std::function<void()> fn;
      {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [&] { return shutdown_ || !queue.empty(); });
        if (queue.empty()) return;  // shutting down with nothing left
        fn = std::move(queue.front());
        queue.pop_front();
      }
      fn();
    }
  }
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_, overflow_;
  std::vector<std::thread> threads_;
  std::size_t pending_limit_;
  bool shutdown_ = false;
};

void send_json(httplib::Response& res, int status, const std::string& body) {
  res.status = status;
  res.set_content(body, "application/json; charset=utf-8");
  res.set_header("Cache-Control", "no-store");
}

void send_error(httplib::Response& res, int status, std::string_view message) {
  send_json(res, status, error_body(message));
}

}  // namespace

struct Server::Impl {
  explicit Impl(const ServerOptions& o)
      : gate(o.workers ? o.workers : std::max(1u, std::thread::hardware_concurrency()), o.queue) {}
  httplib::Server http;
  ComputeGate gate;
  int listen_fd = -1;
};

Server::Server(ServerOptions options) : options_(std::move(options)), impl_(new Impl(options_)) {
  auto& http = impl_->http;
  const ServerOptions& o = options_;
  http.new_task_queue = [threads = o.threads, pending = o.pending] {
    return new ConnectionPool(threads, pending);
  };
  http.set_socket_options([this](int fd) {
    int yes = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
    impl_->listen_fd = fd;
  });
  http.set_payload_max_length(o.max_body);
  http.set_keep_alive_timeout(o.keep_alive_seconds);
  http.set_keep_alive_max_count(1000);
  http.set_read_timeout(o.read_timeout_seconds, 0);
  http.set_write_timeout(o.read_timeout_seconds, 0);
  http.set_default_headers({{"Content-Security-Policy", kContentSecurityPolicy},
                            {"X-Content-Type-Options", "nosniff"},
                            {"Referrer-Policy", "no-referrer"},
                            {"Cross-Origin-Resource-Policy", "same-origin"}});

  http.set_pre_routing_handler([](const httplib::Request&, httplib::Response& res) {
    if (!t_overflow) return httplib::Server::HandlerResponse::Unhandled;
    send_error(res, 503, "the server is busy (too many connections); try again in a moment");
    res.set_header("Retry-After", "1");
    return httplib::Server::HandlerResponse::Handled;
  });

  http.Get("/api/status", [this](const httplib::Request&, httplib::Response& res) {
    auto j = impl_->gate.status();
    j["budget_seconds"] = options_.budget_seconds;
    j["max_body"] = options_.max_body;
    send_json(res, 200, report::json_text(j));
  });

  http.Post("/api/.*", [this](const httplib::Request& req, httplib::Response& res) {
    if (!impl_->gate.enter()) {
      send_error(res, 503,
                 "the server is busy (every worker is computing and the queue is full); try again "
                 "in a moment");
      res.set_header("Retry-After", "1");
      return;
    }
    struct Leave {
      ComputeGate& gate;
      ~Leave() { gate.leave(); }
    } leave{impl_->gate};
    const ApiResponse answer = handle_api(req.path, req.body, options_.budget_seconds);
    send_json(res, answer.status, answer.body);
  });

  http.Get(".*", [](const httplib::Request& req, httplib::Response& res) {
    if (req.path.rfind("/api/", 0) == 0) {
      // 405 is for an endpoint asked with the wrong method; a path that is none is 404.
      const auto known = routes();
      if (std::none_of(known.begin(), known.end(),
                       [&](const Route& r) { return r.path == req.path; }))
        return send_error(res, 404, unknown_endpoint_message(req.path));
      res.set_header("Allow", "POST");
      return send_error(res, 405,
                        "the API takes POST requests with a JSON body; see /docs/web.html");
    }
    if (const auto page = docs_page(req.path)) {
      res.status = 200;
      res.set_content(*page, "text/html; charset=utf-8");
      res.set_header("Cache-Control", "no-cache");
      return;
    }
    const Asset* asset = find_asset(req.path == "/" ? "/index.html" : req.path);
    if (!asset) {
      res.status = 404;
      res.set_content(not_found_page(req.path), "text/html; charset=utf-8");
      return;
    }
    res.status = 200;
    res.set_content(asset->data.data(), asset->data.size(), std::string(asset->content_type));
    res.set_header("Cache-Control", "no-cache");
  });

  // Other methods: 405 with the methods the path takes.
  const auto wrong_method = [](const httplib::Request& req, httplib::Response& res) {
    const bool api = req.path.rfind("/api/", 0) == 0 && req.path != "/api/status";
    res.set_header("Allow", api ? "POST" : "GET");
    send_error(res, 405,
               fmt::format("{} is not allowed on {}: {}", printable(req.method, 20),
                           printable(req.path, 100),
                           api ? "the API takes POST requests with a JSON body; see /docs/web.html"
                               : "pages are read with GET"));
  };
  http.Put(".*", wrong_method);
  http.Delete(".*", wrong_method);
  http.Patch(".*", wrong_method);

  // Statuses httplib sets by itself (no route, body too large, bad request line) get a JSON
  // body like ours.
  http.set_error_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (!res.body.empty()) return;
    switch (res.status) {
      case 404:
        return send_error(res, 404, "no such page or endpoint: " + req.method + " " + req.path);
      case 413:
        return send_error(res, 413,
                          fmt::format("the request body is larger than the limit of {} bytes",
                                      options_.max_body));
      default:
        return send_error(res, res.status, fmt::format("HTTP status {}", res.status));
    }
  });
  http.set_exception_handler(
      [](const httplib::Request&, httplib::Response& res, std::exception_ptr ep) {
        std::string what = "unknown error";
        try {
          std::rethrow_exception(ep);
        } catch (const std::exception& e) {
          what = e.what();
        } catch (...) {
        }
        send_error(res, 500, "internal error: " + what);
      });
  if (o.log)
    http.set_logger([](const httplib::Request& req, const httplib::Response& res) {
      fmt::print(stderr, "{} {} {}\n", req.method, req.path, res.status);
    });
}

Server::~Server() = default;

int Server::bind() {
  auto& http = impl_->http;
  const int port = options_.port == 0
                       ? http.bind_to_any_port(options_.host)
                       : (http.bind_to_port(options_.host, options_.port) ? options_.port : -1);
  if (port < 0)
    throw IoError(fmt::format("cannot listen on {}:{} (in use, or not an address of this machine)",
                              options_.host, options_.port));
  // httplib listens with a backlog of 5; a burst of connections (a browser, a load test) needs
  // more, and listen() on a listening socket only changes it.
  if (impl_->listen_fd >= 0) ::listen(impl_->listen_fd, 1024);
  return port;
}

void Server::run() {
  impl_->http.listen_after_bind();
}

void Server::stop() {
  impl_->http.stop();
}

}  // namespace grundy::web
