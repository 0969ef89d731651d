misere grundy 4000000
