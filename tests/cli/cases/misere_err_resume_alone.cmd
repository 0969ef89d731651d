misere 0.77 --quotient --resume
