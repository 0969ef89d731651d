dots show 1x3 --moves 'a1b1 b1c1 c1d1 a2b2 b2c2 c2d2' --json
