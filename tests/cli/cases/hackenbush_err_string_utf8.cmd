hackenbush --string 'eé'
