uttt show --moves 'e5 zz'
