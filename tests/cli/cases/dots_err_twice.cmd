dots show 3x3 --moves 'a1b1 a2a3 b1a1'
