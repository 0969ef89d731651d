uttt perft 5
