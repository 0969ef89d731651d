dots solve 2x2 --seconds nan
