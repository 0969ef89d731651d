misere 0.07 --quotient --max-heap 20
