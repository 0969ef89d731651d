hackenbush examples/hackenbush/green_blue_red.txt --json
