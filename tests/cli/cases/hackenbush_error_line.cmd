hackenbush tests/cli/cases/hackenbush_bad_line.txt
