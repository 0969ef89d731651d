subtraction --set 0,1
