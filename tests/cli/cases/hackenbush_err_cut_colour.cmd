hackenbush examples/hackenbush/bbrb.txt --moves 'e2'
