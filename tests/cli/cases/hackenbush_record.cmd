hackenbush examples/hackenbush/game.txt
