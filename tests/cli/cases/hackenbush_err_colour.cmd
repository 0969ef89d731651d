hackenbush tests/cli/data/hb_bad_colour.txt
