nim play 0 0
