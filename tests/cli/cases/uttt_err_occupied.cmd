uttt show --moves 'e5 e5'
