uttt bot --free-move-penalty 1.5
