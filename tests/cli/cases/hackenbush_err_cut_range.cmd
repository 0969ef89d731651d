hackenbush --string 'ee' --moves 'e7'
