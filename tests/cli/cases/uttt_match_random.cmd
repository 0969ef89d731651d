uttt match random random --games 20 --seed 3
