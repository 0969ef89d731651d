dots analyze 3x3 --moves 'a1b1 b2b3 c1c2 a3a4 d2d3 b4c4 a1a2 b1b2 c3c4 d1d2 c2d2'
