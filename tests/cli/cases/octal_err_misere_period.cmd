octal 0.77 --misere --period
