dots match greedy random --size 2x3 --games 20 --seed 5
