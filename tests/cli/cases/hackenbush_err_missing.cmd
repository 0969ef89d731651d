hackenbush tests/cli/data/missing.txt
