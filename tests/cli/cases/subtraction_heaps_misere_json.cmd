subtraction --set 1,3,4 --heaps 3,5,9,1000000000000000000 --misere --json
