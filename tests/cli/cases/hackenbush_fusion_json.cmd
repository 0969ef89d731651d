hackenbush examples/hackenbush/fusion.txt --json
