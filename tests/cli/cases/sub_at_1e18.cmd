subtraction --set 1,3,4 --at 1000000000000000000
