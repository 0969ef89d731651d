octal 0.77 --heaps 3,,5
