nim 3 x
