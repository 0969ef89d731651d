octal 0.77 --period --limit ''
