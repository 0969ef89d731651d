nim 3 4 5 --moves 'h1-9'
