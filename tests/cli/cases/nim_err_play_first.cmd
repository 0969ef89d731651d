nim play 3 --first nobody
