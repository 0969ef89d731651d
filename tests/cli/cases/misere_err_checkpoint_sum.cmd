misere 0.77 3 --checkpoint q.ckpt
