dag tests/cli/data/malformed.txt
