subtraction 1,3,4 --at 9 --values 5
