misere 0.77 --quotient --checkpoint c.json --checkpoint-every 0.5
