octal .07 --values 40 --json
