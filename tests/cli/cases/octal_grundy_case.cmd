octal GRUNDY --values 10
