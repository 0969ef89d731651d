hackenbush tests/cli/data/hb_mixed_big.txt
