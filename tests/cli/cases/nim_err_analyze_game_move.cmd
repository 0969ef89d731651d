nim analyze-game 3 4 5 --moves 'h1-1 h1-3'
