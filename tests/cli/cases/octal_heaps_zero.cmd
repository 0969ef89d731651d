octal 0.77 --heaps 4,4
