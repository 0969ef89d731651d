hackenbush examples/hackenbush/mixed.json
