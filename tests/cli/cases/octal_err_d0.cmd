octal 2.07
