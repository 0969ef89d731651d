dots solve 2x2 --threads 0
