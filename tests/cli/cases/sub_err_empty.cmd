subtraction --set ''
