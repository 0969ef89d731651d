nim --moves $'# Heaps: 3 x 5\nh1-1'
