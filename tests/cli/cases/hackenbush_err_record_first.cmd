hackenbush examples/hackenbush/game.txt --first red
