octal 0.77 --at 1000000
