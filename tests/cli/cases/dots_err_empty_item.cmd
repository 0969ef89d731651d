dots show 3x3 --moves 'a1b1,,b1c1'
