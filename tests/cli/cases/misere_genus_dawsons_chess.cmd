misere 0.137 --genus --values 12
