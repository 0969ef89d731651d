frobnicate 3
