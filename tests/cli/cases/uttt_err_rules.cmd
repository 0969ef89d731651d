uttt perft 3 --rules fancy
