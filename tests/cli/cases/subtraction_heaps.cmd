subtraction --set 1,3,4 --heaps 3,5,9
