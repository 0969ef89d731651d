uttt show --moves 'e5 e4 d2'
