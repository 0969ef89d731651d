hackenbush --string 'ee(e;eee)' --moves 'e0 e3'
