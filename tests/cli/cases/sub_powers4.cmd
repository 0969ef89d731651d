subtraction --set powers:4 --values 30
