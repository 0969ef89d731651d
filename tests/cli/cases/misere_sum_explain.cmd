misere 0.77 3 5 9 --explain
