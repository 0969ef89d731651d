nim 3 -4
