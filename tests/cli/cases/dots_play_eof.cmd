dots play 3x3 --engine greedy --first engine
