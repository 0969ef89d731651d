nim --moves $'# Heaps: 3 4 5\n# Rule: misere\nh1-1'
