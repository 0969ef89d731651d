misere 0.77 --quotient --max-order 99999999
