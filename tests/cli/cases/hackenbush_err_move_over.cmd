hackenbush move --string 'ee' --moves 'e0'
