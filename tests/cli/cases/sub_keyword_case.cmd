subtraction --set SQUARES --values 12
