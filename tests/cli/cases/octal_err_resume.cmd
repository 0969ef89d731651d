octal 0.77 --resume
