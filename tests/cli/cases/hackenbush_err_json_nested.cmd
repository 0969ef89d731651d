hackenbush tests/cli/data/hb_nested.json
