hackenbush --string l
