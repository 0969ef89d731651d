subtraction allbut:1 --at 1000
