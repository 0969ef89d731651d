octal grundy --at 100 --json
