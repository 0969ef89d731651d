dots show 2x2 --moves 'a1b1 a1a2 b1b2 a2b2 b2c2' --svg /dev/stdout
