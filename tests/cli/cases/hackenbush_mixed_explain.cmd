hackenbush tests/cli/data/hb_mixed.txt --explain
