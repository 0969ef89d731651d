uttt playouts 10 --seed -1
