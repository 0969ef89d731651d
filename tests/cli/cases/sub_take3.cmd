subtraction --set 1,2,3 --values 12
