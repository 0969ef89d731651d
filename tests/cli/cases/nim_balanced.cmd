nim 1 2 3
