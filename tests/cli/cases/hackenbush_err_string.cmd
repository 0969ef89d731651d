hackenbush --string 'ee(e'
