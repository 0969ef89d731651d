dots analyze 1x4 --moves 'a1b1 b1c1 c1d1 d1e1 a2b2 b2c2 c2d2 d2e2' --json
