octal 0.77 --misere --values 1000
