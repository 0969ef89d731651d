subtraction --set 1,3,4 --values 1000000000000
