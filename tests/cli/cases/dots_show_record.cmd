dots show 2x2 --moves $'# Dots and Boxes 2x2, a game record\na1b1 b1c1 # a comment\na1a2'
