octal grundy --values 30
