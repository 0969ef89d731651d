hackenbush tests/cli/data/hb_bad.json
