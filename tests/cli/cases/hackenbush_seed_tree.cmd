hackenbush examples/hackenbush/seed_tree.txt --explain
