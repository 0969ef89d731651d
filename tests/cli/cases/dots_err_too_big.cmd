dots show 9x9
