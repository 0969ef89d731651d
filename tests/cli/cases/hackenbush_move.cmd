hackenbush move --string 'lr;e' --engine good --seed 3
