misere 0.75 --quotient --table
