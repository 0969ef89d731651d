octal 0.7g
