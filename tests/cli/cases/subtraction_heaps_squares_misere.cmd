subtraction --set squares --heaps 10,20 --misere
