uttt show --moves 'e5 a1'
