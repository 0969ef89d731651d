uttt perft 3 --moves 'e5 e4 e2' --json
