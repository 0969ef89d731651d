hackenbush play --string 'ee' --engine strong
