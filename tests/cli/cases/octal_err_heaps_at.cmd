octal 0.77 --heaps 3,5 --at 4
