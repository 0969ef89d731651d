nim 1 2 --moves $'# Heaps: 3 4 5\nh1-1'
