dots solve 2x2 --distributed --stall-seconds -3
