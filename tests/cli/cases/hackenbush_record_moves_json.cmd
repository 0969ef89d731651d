hackenbush --moves "$(cat examples/hackenbush/game.txt)" --json
