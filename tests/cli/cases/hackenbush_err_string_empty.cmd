hackenbush --string ''
