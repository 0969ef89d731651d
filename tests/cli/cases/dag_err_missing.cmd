dag tests/cli/data/missing.txt
