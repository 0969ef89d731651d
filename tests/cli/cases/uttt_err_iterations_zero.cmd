uttt analyze --iterations 0
