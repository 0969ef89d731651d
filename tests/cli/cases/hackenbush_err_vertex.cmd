hackenbush tests/cli/data/hb_bad_vertex.txt
