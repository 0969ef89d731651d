misere 0.07 1 1 0 --explain
