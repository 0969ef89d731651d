subtraction 1,3,4 --set 1,2
