dots solve 2x2 --distributed --job-nodes 0
