octal 0.77 --values 12 --misere
