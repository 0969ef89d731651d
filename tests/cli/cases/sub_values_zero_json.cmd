subtraction 1,3,4 --values 0 --json
