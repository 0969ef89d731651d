nim analyze-game 3 4 5 --moves 'h1-1 h2-3 h3-2' --json
