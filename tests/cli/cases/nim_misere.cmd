nim 1 1 2 --misere
