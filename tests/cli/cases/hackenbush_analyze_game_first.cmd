hackenbush analyze-game examples/hackenbush/bbrb.txt --moves 'e2 e1' --first red
