// uttt_train: self-play games and the training of grundy's Ultimate Tic-Tac-Toe evaluation
// network (src/grundy/games/uttt/network.h). scripts/train_uttt_net.sh runs the whole recipe;
// every step is deterministic for its seed (fixed search budgets, one generator per game, one
// training thread), so the committed weights can be made again.
//
//   uttt_train selfplay --engine mcts|net [--weights FILE.bin] --games N --iterations K
//                       [--threads T] [--seed S] [--random-plies R] [--sample-plies P]
//                       [--exploration C] [--minimax-weight W] --out FILE
//       N games under codingame rules, each move a search of K iterations (rollout MCTS, or the
//       network search with the given or the compiled-in weights); the first 0..R moves of a
//       game uniformly random, then until ply P a move drawn in proportion to the visits, then
//       the most visited. One line per game: "X|O|D move move ... | value value ...", a value
//       being the search's for the player to move before each move (-1 for a random move).
//   uttt_train train --data FILE [--data FILE...] [--epochs E] [--seed S] [--lr L]
//                    [--batch B] [--init FILE.bin] [--result-weight W] --out PREFIX
//       fits the network to W times the games' results (a win 1, a draw 1/2, a loss 0 for the
//       player to move) plus 1 - W times the search's value of the position (default W = 1:
//       results only; each position seen under a random one of the eight symmetries each epoch),
//       holding out one game in twenty to report the validation loss; writes PREFIX.bin (the
//       float weights) and PREFIX.inc (the 16-bit weights compiled into grundy). --init also
//       takes a network of the 199 features before the threat ones (net8 and older) or of the
//       235 before the big board's (net10), with the new features' rows at zero.
#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <memory>
#include <numbers>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "grundy/core/error.h"
#include "grundy/core/output_file.h"
#include "grundy/core/parse.h"
#include "grundy/games/uttt/board.h"
#include "grundy/games/uttt/net_search.h"
#include "grundy/games/uttt/network.h"
#include "grundy/games/uttt/notation.h"
#include "grundy/games/uttt/tables.h"
#include "grundy/games/uttt/training_game.h"
#include "grundy/search/mcts.h"
#include "grundy/search/random.h"

namespace {

using namespace grundy;
using uttt::Board;
namespace net = uttt::net;

// Bad input: status 2. A file that cannot be written (a full disk, no permission): status 1,
// the project's status for what the environment, not the command, got wrong.
[[noreturn]] void die(const std::string& why, int status = 2) {
  std::fprintf(stderr, "uttt_train: %s\n", why.c_str());
  std::exit(status);
}

// The numeric options and their ranges (whole numbers are never wrapped: "-1" is refused, not
// read as 2^64 - 1), and the options that take a word or a file.
struct NumberOption {
  const char* name;
  double min, max;
  bool whole;
};
constexpr NumberOption kNumberOptions[] = {
    {"--games", 1, 1e9, true},        {"--iterations", 1, 1e6, true},
    {"--threads", 1, 256, true},      {"--seed", 0, 1e18, true},
    {"--random-plies", 0, 81, true},  {"--sample-plies", 0, 81, true},
    {"--exploration", 0, 100, false}, {"--minimax-weight", 0, 1, false},
    {"--epochs", 1, 100000, true},    {"--batch", 1, 1 << 20, true},
    {"--lr", 1e-9, 10, false},        {"--result-weight", 0, 1, false},
};
constexpr const char* kWordOptions[] = {"--engine", "--weights", "--out", "--data", "--init"};

const NumberOption& number_option(const std::string& name) {
  for (const auto& o : kNumberOptions)
    if (name == o.name) return o;
  die("no numeric option " + name);
}

struct Args {
  std::vector<std::string> words;
  std::string get(const std::string& name, const std::string& fallback = "") const {
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i] == name) return words[i + 1];
    return fallback;
  }
  std::vector<std::string> all(const std::string& name) const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i + 1 < words.size(); ++i)
      if (words[i] == name) out.push_back(words[i + 1]);
    return out;
  }
  std::uint64_t number(const std::string& name, std::uint64_t fallback) const {
    const std::string v = get(name);
    const NumberOption& o = number_option(name);
    return v.empty() ? fallback
                     : parse_uint_in(v, name, static_cast<std::uint64_t>(o.min),
                                     static_cast<std::uint64_t>(o.max));
  }
  double real(const std::string& name, double fallback) const {
    const std::string v = get(name);
    const NumberOption& o = number_option(name);
    return v.empty() ? fallback : parse_decimal(v, name, o.min, o.max);
  }
  // Every word an option with a value, known, and every number in its range (before any thread
  // starts: the games read their options again).
  void check() const {
    for (std::size_t i = 0; i < words.size(); i += 2) {
      const std::string& w = words[i];
      const bool word = std::any_of(std::begin(kWordOptions), std::end(kWordOptions),
                                    [&](const char* o) { return w == o; });
      const bool number = std::any_of(std::begin(kNumberOptions), std::end(kNumberOptions),
                                      [&](const NumberOption& o) { return w == o.name; });
      if (!word && !number) die("unknown option '" + w + "'");
      if (i + 1 >= words.size()) die(w + " needs a value");
      if (!number) continue;
      if (number_option(w).whole)
        this->number(w, 0);
      else
        real(w, 0);
    }
  }
};

// ---------------------------------------------------------------------------------- weights

// Written whole or not at all (core/output_file.h): a failed write leaves the old file.
void save_bin(const net::Weights& w, const std::string& path) {
  write_output_file(path, std::string_view(reinterpret_cast<const char*>(&w), sizeof w));
}

// Networks of fewer features, as they were stored (the rows of their features, the bias, the
// output weights and bias): 199 before the threat features (net8 and older; 512 hidden units),
// 235 before the big board's (net10). Their missing features' rows start at zero.
constexpr int kOldInputs[] = {199, 235};
constexpr std::size_t stored_size(int inputs) {
  return (sizeof(float) * (static_cast<std::size_t>(inputs) * net::kHidden + 2 * net::kHidden + 1) +
          63) /
         64 * 64;
}

void load_bin(net::Weights& w, const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) die("cannot read weights from " + path);
  const auto size = static_cast<std::size_t>(in.tellg());
  in.seekg(0);
  int inputs = size == sizeof w ? net::kInputs : 0;
  for (int old : kOldInputs)
    if (size == stored_size(old)) inputs = old;
  if (inputs == 0)
    die(path + " holds " + std::to_string(size) + " bytes: not a network of " +
        std::to_string(net::kInputs) + ", 235 or 199 features");
  // (Rows of zeros for the features the file does not have: the same values as before until
  // training moves them.)
  w = net::Weights{};
  in.read(reinterpret_cast<char*>(&w.hidden[0][0]),
          static_cast<std::streamsize>(sizeof(float) * static_cast<std::size_t>(inputs) *
                                       net::kHidden));
  in.read(reinterpret_cast<char*>(w.hidden_bias), sizeof w.hidden_bias);
  in.read(reinterpret_cast<char*>(w.output), sizeof w.output);
  in.read(reinterpret_cast<char*>(&w.output_bias), sizeof w.output_bias);
  if (!in) die("cannot read weights from " + path);
}

// Rounds the weights to what the .inc file holds (16 bits, one scale per layer) and writes it.
net::Weights quantise(const net::Weights& w, const std::string& inc_path, const std::string& note) {
  float hmax = 0, omax = 0;
  for (int f = 0; f < net::kInputs; ++f)
    for (int i = 0; i < net::kHidden; ++i) hmax = std::max(hmax, std::fabs(w.hidden[f][i]));
  for (int i = 0; i < net::kHidden; ++i) {
    hmax = std::max(hmax, std::fabs(w.hidden_bias[i]));
    omax = std::max(omax, std::fabs(w.output[i]));
  }
  const float hs = hmax / 32767, os = omax / 32767;
  net::Weights q = w;
  std::ostringstream out;
  out << "// The evaluation network's weights (network.h), written by tools/uttt_train: " << note
      << "\n// Reproduce with scripts/train_uttt_net.sh. Weight = value * scale.\n";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(hs));
  out << "constexpr float kHiddenScale = " << buf << "f;\n";
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(os));
  out << "constexpr float kOutputScale = " << buf << "f;\n";
  std::snprintf(buf, sizeof buf, "%.9g", static_cast<double>(w.output_bias));
  out << "constexpr float kOutputBias = " << buf << "f;\n";
  auto emit = [&](const char* name, int n, auto value_at) {
    out << "constexpr std::int16_t " << name << "[" << n << "] = {";
    for (int k = 0; k < n; ++k) out << (k % 24 == 0 ? "\n    " : "") << value_at(k) << ",";
    out << "\n};\n";
  };
  auto round16 = [](float v, float scale) {
    return scale > 0 ? static_cast<int>(std::lround(v / scale)) : 0;
  };
  emit("kHiddenQ", net::kInputs * net::kHidden, [&](int k) {
    const int f = k / net::kHidden, i = k % net::kHidden;
    const int v = round16(w.hidden[f][i], hs);
    q.hidden[f][i] = static_cast<float>(v) * hs;
    return v;
  });
  emit("kHiddenBiasQ", net::kHidden, [&](int i) {
    const int v = round16(w.hidden_bias[i], hs);
    q.hidden_bias[i] = static_cast<float>(v) * hs;
    return v;
  });
  emit("kOutputQ", net::kHidden, [&](int i) {
    const int v = round16(w.output[i], os);
    q.output[i] = static_cast<float>(v) * os;
    return v;
  });
  write_output_file(inc_path, out.str());
  return q;
}

// --------------------------------------------------------------------------------- selfplay

// A game and the search's value of each position for its mover (-1: a random move, no search).
using Game = uttt::TrainingGame;

Game play_game(const Args& a, std::uint64_t seed, const net::Weights* weights) {
  search::Rng rng(seed);
  const std::string engine = a.get("--engine", "mcts");
  const std::uint64_t iterations = a.number("--iterations", 1000);
  const int random_plies =
      static_cast<int>(rng.below(static_cast<std::uint32_t>(a.number("--random-plies", 4) + 1)));
  const int sample_plies = static_cast<int>(a.number("--sample-plies", 12));
  Board b(uttt::Rules::codingame);
  Game g;
  search::Mcts<Board> mcts(b,
                           search::MctsOptions{.max_nodes = 1 + 81 * iterations * 2, .seed = seed});
  uttt::NetSearch ns(b, {.exploration = a.real("--exploration", 0.15),
                         .minimax_weight = a.real("--minimax-weight", 0.6),
                         .max_nodes = 1 + 81 * iterations * 2,
                         .weights = weights});
  while (!b.is_over()) {
    Board::Moves legal;
    b.legal_moves(legal);
    Board::Move m = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
    const int ply = static_cast<int>(g.moves.size());
    float value = -1;
    if (ply >= random_plies) {
      std::vector<std::pair<Board::Move, double>> visits;
      Board::Move best;
      if (engine == "mcts") {
        const auto r = mcts.search({.iterations = iterations});
        best = r.best;
        value = static_cast<float>(r.win_rate);
        for (const auto& s : r.moves) visits.push_back({s.move, static_cast<double>(s.visits)});
      } else {
        const auto r = ns.search({.iterations = iterations});
        best = r.best;
        value = static_cast<float>(r.value);
        for (const auto& s : r.moves)
          if (!(s.exact && s.value <= 0)) visits.push_back({s.move, static_cast<double>(s.visits)});
      }
      m = best;
      if (ply < sample_plies && !visits.empty()) {
        double total = 0;
        for (const auto& v : visits) total += v.second;
        double x = rng.uniform() * total;
        for (const auto& v : visits) {
          m = v.first;
          if ((x -= v.second) < 0) break;
        }
      }
    }
    mcts.advance(m);
    ns.advance(m);
    b.play(m);
    g.moves.push_back(m);
    g.values.push_back(value);
  }
  g.result = b.winner() == 0 ? 'X' : b.winner() == 1 ? 'O' : 'D';
  return g;
}

int selfplay(const Args& a) {
  const std::uint64_t games = a.number("--games", 100);
  const int threads = static_cast<int>(a.number("--threads", 1));
  const std::uint64_t seed = a.number("--seed", 1);
  const std::string out_path = a.get("--out");
  if (out_path.empty()) die("selfplay needs --out FILE");
  net::Weights* weights = nullptr;
  static net::Weights loaded;
  if (const std::string w = a.get("--weights"); !w.empty()) {
    load_bin(loaded, w);
    weights = &loaded;
  }
  // Written as the games are played (a long run interrupted keeps its whole lines).
  std::ofstream out(out_path);
  if (!out) die("cannot write " + out_path + ": " + std::strerror(errno), 1);
  // Blocks of games in parallel, written in order: the file is the same for any thread count.
  const std::uint64_t block = 64;
  for (std::uint64_t start = 0; start < games; start += block) {
    const std::uint64_t n = std::min(block, games - start);
    std::vector<Game> done(n);
    std::vector<std::thread> pool;
    for (int t = 0; t < threads; ++t)
      pool.emplace_back([&, t] {
        for (std::uint64_t i = static_cast<std::uint64_t>(t); i < n;
             i += static_cast<std::uint64_t>(threads))
          done[i] = play_game(a, seed * 1000003 + start + i, weights);
      });
    for (auto& th : pool) th.join();
    for (const Game& g : done) out << uttt::format_training_game(g) << '\n';
    if (!out.flush()) die("cannot write " + out_path + ": " + std::strerror(errno), 1);
    std::fprintf(stderr, "\r%llu / %llu games", static_cast<unsigned long long>(start + n),
                 static_cast<unsigned long long>(games));
  }
  std::fprintf(stderr, "\n");
  out.close();
  if (!out) die("cannot write " + out_path + ": " + std::strerror(errno), 1);
  return 0;
}

// ------------------------------------------------------------------------------------ train

// A position from the mover's side: the mover's and the opponent's cells per board, the board to
// play in (9: anywhere), and the target for the mover: the game's result (1 win, 1/2 draw, 0
// loss), blended with the search's value of the position when the file has it.
struct Sample {
  std::array<std::uint16_t, 9> mine, theirs;
  std::uint8_t forced;
  float target;
};

int sample_features(const Sample& s, int symmetry, net::FeatureList& f) {
  return net::features(s.mine, s.theirs, s.forced, symmetry, f);
}

void read_games(const std::string& path, std::vector<Sample>& train, std::vector<Sample>& valid,
                std::uint64_t& games, double result_weight) {
  std::ifstream in(path);
  if (!in) die("cannot read " + path);
  std::string line;
  for (std::uint64_t number = 1; std::getline(in, line); ++number) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    uttt::TrainingGame g;
    try {
      g = uttt::parse_training_game(line, uttt::Rules::codingame);
    } catch (const InputError& e) {
      die(path + " line " + std::to_string(number) + ": " + e.what());
    }
    Board b(uttt::Rules::codingame);
    std::vector<Sample>& to = games % 20 == 19 ? valid : train;
    ++games;
    for (std::size_t ply = 0; ply < g.moves.size(); ++ply) {
      Sample s;
      const int me = b.to_move();
      for (int k = 0; k < 9; ++k) {
        s.mine[k] = b.cells(me, k);
        s.theirs[k] = b.cells(1 - me, k);
      }
      s.forced =
          static_cast<std::uint8_t>(b.forced_board() == uttt::kAnyBoard ? 9 : b.forced_board());
      const char mover = me == 0 ? 'X' : 'O';
      const float z = g.result == 'D' ? 0.5f : g.result == mover ? 1.0f : 0.0f;
      s.target = z;
      if (ply < g.values.size() && g.values[ply] >= 0)
        s.target = static_cast<float>(result_weight * z + (1 - result_weight) * g.values[ply]);
      to.push_back(s);
      b.play(g.moves[ply]);
    }
  }
  if (in.bad()) die("cannot read " + path);
}

struct Trainer {
  net::Weights w{}, m{}, v{};  // weights, Adam's moments (all zero at first)
  net::Weights g{};            // gradient of a batch
  std::uint64_t steps = 0;

  // Forward and (when learn) backward for one sample; returns the cross-entropy.
  double step(const net::FeatureList& f, int n, float target, bool learn) {
    alignas(64) float pre[net::kHidden], h[net::kHidden];
    std::memcpy(pre, w.hidden_bias, sizeof pre);
    for (int k = 0; k < n; ++k) {
      const float* row = w.hidden[f[k]];
      for (int i = 0; i < net::kHidden; ++i) pre[i] += row[i];
    }
    float z = w.output_bias;
    for (int i = 0; i < net::kHidden; ++i) {
      h[i] = pre[i] > 0.0f ? (pre[i] < 1.0f ? pre[i] : 1.0f) : 0.0f;
      z += h[i] * w.output[i];
    }
    const float p = 1.0f / (1.0f + std::exp(-z));
    const double eps = 1e-7;
    const double loss = -(target * std::log(p + eps) + (1 - target) * std::log(1 - p + eps));
    if (learn) {
      const float dz = p - target;
      g.output_bias += dz;
      alignas(64) float dh[net::kHidden];
      for (int i = 0; i < net::kHidden; ++i) {
        g.output[i] += dz * h[i];
        dh[i] = (pre[i] > 0.0f && pre[i] < 1.0f) ? dz * w.output[i] : 0.0f;
        g.hidden_bias[i] += dh[i];
      }
      for (int k = 0; k < n; ++k) {
        float* row = g.hidden[f[k]];
        for (int i = 0; i < net::kHidden; ++i) row[i] += dh[i];
      }
    }
    return loss;
  }

  void apply(float lr, int batch) {
    ++steps;
    const float b1 = 0.9f, b2 = 0.999f;
    const float c1 = 1 - std::pow(b1, static_cast<float>(steps));
    const float c2 = 1 - std::pow(b2, static_cast<float>(steps));
    float* pw = reinterpret_cast<float*>(&w);
    float* pm = reinterpret_cast<float*>(&m);
    float* pv = reinterpret_cast<float*>(&v);
    float* pg = reinterpret_cast<float*>(&g);
    const std::size_t count = sizeof(net::Weights) / sizeof(float);
    for (std::size_t k = 0; k < count; ++k) {
      const float grad = pg[k] / static_cast<float>(batch);
      pm[k] = b1 * pm[k] + (1 - b1) * grad;
      pv[k] = b2 * pv[k] + (1 - b2) * grad * grad;
      pw[k] -= lr * (pm[k] / c1) / (std::sqrt(pv[k] / c2) + 1e-8f);
      pg[k] = 0;
    }
  }
};

double validation_loss(Trainer& t, const std::vector<Sample>& valid) {
  double total = 0;
  net::FeatureList f;
  for (const Sample& s : valid) {
    const int n = sample_features(s, 0, f);
    total += t.step(f, n, s.target, false);
  }
  return valid.empty() ? 0 : total / static_cast<double>(valid.size());
}

int train(const Args& a) {
  const std::string out = a.get("--out");
  if (out.empty()) die("train needs --out PREFIX");
  std::vector<Sample> samples, valid;
  std::uint64_t games = 0;
  const double result_weight = a.real("--result-weight", 1.0);
  for (const auto& path : a.all("--data")) read_games(path, samples, valid, games, result_weight);
  std::fprintf(stderr, "%llu games: %zu training positions, %zu held out\n",
               static_cast<unsigned long long>(games), samples.size(), valid.size());
  if (samples.empty()) die("no training positions");
  const int epochs = static_cast<int>(a.number("--epochs", 10));
  const int batch = static_cast<int>(a.number("--batch", 256));
  const double lr0 = a.real("--lr", 1e-3);
  search::Rng rng(a.number("--seed", 1));
  auto t = std::make_unique<Trainer>();
  if (const std::string init = a.get("--init"); !init.empty()) {
    load_bin(t->w, init);
  } else {
    // Small random first-layer weights, a positive bias so that units start inside (0, 1).
    for (int f = 0; f < net::kInputs; ++f)
      for (int i = 0; i < net::kHidden; ++i)
        t->w.hidden[f][i] = static_cast<float>((rng.uniform() - 0.5) * 0.2);
    for (int i = 0; i < net::kHidden; ++i) {
      t->w.hidden_bias[i] = 0.5f;
      t->w.output[i] = static_cast<float>((rng.uniform() - 0.5) * 0.2);
    }
  }
  std::fprintf(stderr, "epoch 0: validation loss %.5f\n", validation_loss(*t, valid));
  std::vector<std::uint32_t> order(samples.size());
  for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  net::FeatureList f;
  for (int e = 1; e <= epochs; ++e) {
    for (std::size_t i = order.size(); i > 1; --i)
      std::swap(order[i - 1], order[rng.below(static_cast<std::uint32_t>(i))]);
    // Cosine decay of the learning rate over the epochs.
    const double lr = lr0 * 0.5 * (1 + std::cos(std::numbers::pi * (e - 1) / epochs));
    double total = 0;
    int in_batch = 0;
    for (std::uint32_t idx : order) {
      const Sample& s = samples[idx];
      const int n = sample_features(s, static_cast<int>(rng.below(8)), f);
      total += t->step(f, n, s.target, true);
      if (++in_batch == batch) {
        t->apply(static_cast<float>(lr), batch);
        in_batch = 0;
      }
    }
    if (in_batch) t->apply(static_cast<float>(lr), in_batch);
    std::fprintf(stderr, "epoch %d: training loss %.5f, validation loss %.5f (lr %.2g)\n", e,
                 total / static_cast<double>(samples.size()), validation_loss(*t, valid), lr);
  }
  save_bin(t->w, out + ".bin");
  const std::string note = std::to_string(games) + " games, " + std::to_string(epochs) +
                           " epochs, seed " + a.get("--seed", "1");
  t->w = quantise(t->w, out + ".inc", note);
  std::fprintf(stderr, "16-bit weights: validation loss %.5f\n", validation_loss(*t, valid));
  save_bin(t->w, out + ".q.bin");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) die("usage: uttt_train selfplay|train [options] (see the comment at the top)");
  Args a;
  for (int i = 2; i < argc; ++i) a.words.push_back(argv[i]);
  const std::string mode = argv[1];
  try {
    a.check();
    if (mode == "selfplay") return selfplay(a);
    if (mode == "train") return train(a);
  } catch (const IoError& e) {
    die(e.what(), 1);
  } catch (const std::exception& e) {
    die(e.what());
  }
  die("unknown mode '" + mode + "'");
}
