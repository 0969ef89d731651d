octal 4.07 --values 20
