nim --moves $'# Heaps: 3 4 5\n# Rule: mis\nh1-1'
