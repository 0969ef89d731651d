octal 0.77 --values -3
