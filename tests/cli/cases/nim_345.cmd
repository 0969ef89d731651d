nim 3 4 5
