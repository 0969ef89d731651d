hackenbush play --string 'ee' --moves e1 --side blue
