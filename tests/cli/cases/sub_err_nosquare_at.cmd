subtraction --set squares --at 1000000000000
