uttt perft 6 --rules orlin --json
