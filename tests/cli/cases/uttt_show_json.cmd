uttt show --moves 'e5,e4,d2,a4' --rules orlin --json
