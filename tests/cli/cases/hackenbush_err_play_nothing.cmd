hackenbush play --string 'l' --side red
