misere 0.x --quotient
