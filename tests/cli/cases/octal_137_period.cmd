octal 0.137 --period
