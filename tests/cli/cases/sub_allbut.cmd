subtraction --set allbut:2,3 --values 20
