nim --file tests/cli/data/heaps.txt --json
