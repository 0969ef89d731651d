misere 0.77 --quotient --checkpoint-every 5
