uttt perft 6 --rules codingame
