octal 0.78
