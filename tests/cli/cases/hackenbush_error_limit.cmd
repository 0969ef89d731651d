hackenbush tests/cli/cases/hackenbush_big_cycle.txt
