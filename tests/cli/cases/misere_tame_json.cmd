misere 0.31 --quotient --json
