hackenbush --string 'ee' --moves 'e0 e0'
