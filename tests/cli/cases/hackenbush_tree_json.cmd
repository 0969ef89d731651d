hackenbush --string 'l(rl;rl;rl;rl;rl;rl;rl;rl;rl;rl)' --json
