octal 0.0330003 --values 20
