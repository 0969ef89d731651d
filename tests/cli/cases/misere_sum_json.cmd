misere 0.07 2 4 6 10 --json
