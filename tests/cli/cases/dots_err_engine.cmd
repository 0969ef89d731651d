dots match control alphago --size 3x3
