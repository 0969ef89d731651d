hackenbush --string 'llrl'
