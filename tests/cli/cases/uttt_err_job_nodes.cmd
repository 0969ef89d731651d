uttt solve --distributed --job-nodes 1e6
