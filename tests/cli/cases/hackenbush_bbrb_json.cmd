hackenbush examples/hackenbush/bbrb.txt --json
