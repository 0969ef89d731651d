nim 1 1 1 --misere --json
