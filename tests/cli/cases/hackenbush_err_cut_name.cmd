hackenbush --string 'ee' --moves 'x1'
