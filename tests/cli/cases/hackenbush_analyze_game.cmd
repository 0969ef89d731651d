hackenbush analyze-game examples/hackenbush/game.txt
