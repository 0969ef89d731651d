hackenbush tests/cli/data/hb_number_overflow.json
