subtraction --set 1,two
