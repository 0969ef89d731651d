misere 0.77
