dag tests/cli/data/cycle.txt
