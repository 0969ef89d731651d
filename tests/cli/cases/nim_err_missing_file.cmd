nim --file tests/cli/data/missing.txt
