nim 1 --max-input 3X
