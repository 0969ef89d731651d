uttt bot --free-move-penalty nan
