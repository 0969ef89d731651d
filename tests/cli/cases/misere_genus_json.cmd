misere 0.77 --genus --values 6 --json
