hackenbush examples/hackenbush/game.txt --moves e2
