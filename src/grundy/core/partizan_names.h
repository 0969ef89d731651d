#pragma once
// Names for canonical forms, in the notation of CGSuite and Winning Ways (ASCII): numbers as
// fractions ("7/4"), nimbers "*", "*2", ups "^", "^^", "^3" (three ups), downs "v", "vv", "v3",
// combined as number + ups + star ("1^*", "-1/2v*3"); any other game as its options in braces,
// "{1|0}", "{0,*|0,{1|0}}", with a number x taken out first when both stops are x:
// "-1/8+{0,^*|0}".
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/partizan.h"

namespace grundy {

class GameNamer {
 public:
  // Up to kMaxUps ups or downs and nimbers below kMaxStar are named; other infinitesimals are
  // written out in braces.
  static constexpr int kMaxUps = 16;
  static constexpr int kMaxStar = 16;
  static constexpr std::size_t kMaxNamedNimber = 4096;  // x + *n recognised for n up to this

  explicit GameNamer(GameStore& store) : store_(store) {}

  // At most about max_chars characters: options beyond are written "..." and *elided (if given)
  // is set. The full text can be exponentially longer than the game's form (shared subgames are
  // written out each time they occur): form() gives all of it in linear size.
  static constexpr std::size_t kDefaultMaxChars = 4000;
  std::string name(GameId g, std::size_t max_chars = kDefaultMaxChars, bool* elided = nullptr);

  // The canonical form of g as a graph of its distinct subgames, node 0 being g: a node is
  // either a named leaf (a number, a nimber, number + ups + star: `name` set, no options) or
  // its Left and Right options as node indices. Nothing is elided.
  struct FormNode {
    std::string name;
    std::vector<std::uint32_t> left, right;
  };
  std::vector<FormNode> form(GameId g);

  // Recognises g = x + n.up + *m (x a number); false if g is not of that form (within the
  // limits above).
  struct Infinitesimal {
    Dyadic number;
    int ups = 0;
    std::uint64_t star = 0;
  };
  bool as_number_up_star(GameId g, Infinitesimal& out);

 private:
  void write(GameId g, std::string& out, std::size_t max_chars, bool& elided);

  GameStore& store_;
};

// "1^*" from its parts.
std::string format_number_up_star(const Dyadic& x, int ups, std::uint64_t star);

}  // namespace grundy
