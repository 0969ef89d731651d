hackenbush move examples/hackenbush/game.txt --json
