hackenbush analyze-game --string 'ee(e;eee)' --moves 'e2 e0' --json
