octal 0.07 --period --limit 50
