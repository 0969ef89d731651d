octal .6 --values 20
