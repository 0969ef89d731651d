dots solve 2x2 --moves 'a1b1 q9r9'
