uttt show --moves 'd4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 f3 g7 c2 h6'
