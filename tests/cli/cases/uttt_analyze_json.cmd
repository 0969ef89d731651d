uttt analyze --moves 'e5' --iterations 3000 --json
