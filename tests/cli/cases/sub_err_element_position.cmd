subtraction --set 1,3,x
