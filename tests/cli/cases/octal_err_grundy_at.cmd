octal grundy --at 10000000
