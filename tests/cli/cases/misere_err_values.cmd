misere 0.77 --values 5 3
