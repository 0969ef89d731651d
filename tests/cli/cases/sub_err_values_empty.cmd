subtraction --set 1,3,4 --values ''
