nim --file tests/cli/data/bad_heaps.txt
