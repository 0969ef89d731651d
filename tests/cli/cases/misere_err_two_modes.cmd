misere 0.77 --quotient 3 5
