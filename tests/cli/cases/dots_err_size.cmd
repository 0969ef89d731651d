dots show 3
