hackenbush tests/cli/data/hb_syntax.json
