dots show 2x2 --moves 'a1b1, b2b3 b1c1' --explain
