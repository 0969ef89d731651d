octal 77
