#pragma once
// Lookup tables for one 3x3 board of nine bits (bit c = cell c, cells numbered 0-8 row by row):
// which masks hold a line, which cells would complete one, and the board's eight symmetries.
// The same tables serve the small boards and the big board (bit b = small board b).
#include <array>
#include <cstdint>

namespace grundy::uttt {

inline constexpr std::array<std::uint16_t, 8> kLines = {0007, 0070, 0700, 0111,
                                                        0222, 0444, 0421, 0124};

namespace detail {

constexpr std::array<std::uint64_t, 8> make_line_bits() {
  std::array<std::uint64_t, 8> bits{};
  for (unsigned m = 0; m < 512; ++m)
    for (auto l : kLines)
      if ((m & l) == l) {
        bits[m >> 6] |= std::uint64_t{1} << (m & 63);
        break;
      }
  return bits;
}

constexpr std::array<std::uint16_t, 512> make_completing_cells() {
  std::array<std::uint16_t, 512> t{};
  for (unsigned m = 0; m < 512; ++m)
    for (auto l : kLines) {
      const unsigned missing = l & ~m;
      if (missing && (missing & (missing - 1)) == 0)
        t[m] = static_cast<std::uint16_t>(t[m] | missing);
    }
  return t;
}

}  // namespace detail

// Bit m is set when mask m contains a line: 64 bytes, always in cache.
inline constexpr std::array<std::uint64_t, 8> kHasLineBits = detail::make_line_bits();
inline constexpr bool has_line(unsigned mask) {
  return (kHasLineBits[mask >> 6] >> (mask & 63)) & 1;
}

// The cells that would complete a line of `mask` (whether or not they are empty).
inline constexpr std::array<std::uint16_t, 512> kCompletingCells = detail::make_completing_cells();

// The eight symmetries of a 3x3 grid as cell permutations: kSymmetry[s][c] = where c goes.
// 0 is the identity; 1-3 rotate by 90, 180, 270 degrees clockwise; 4-7 reflect (4: left-right
// mirror, then the rotations of it).
inline constexpr std::array<std::array<std::uint8_t, 9>, 8> kSymmetry = {{
    {0, 1, 2, 3, 4, 5, 6, 7, 8},
    {2, 5, 8, 1, 4, 7, 0, 3, 6},
    {8, 7, 6, 5, 4, 3, 2, 1, 0},
    {6, 3, 0, 7, 4, 1, 8, 5, 2},
    {2, 1, 0, 5, 4, 3, 8, 7, 6},
    {8, 5, 2, 7, 4, 1, 6, 3, 0},
    {6, 7, 8, 3, 4, 5, 0, 1, 2},
    {0, 3, 6, 1, 4, 7, 2, 5, 8},
}};

// The inverse of each symmetry (rotations by 90 and 270 swap; the rest are involutions).
inline constexpr std::array<std::uint8_t, 8> kInverseSymmetry = {0, 3, 2, 1, 4, 5, 6, 7};

}  // namespace grundy::uttt
