uttt analyze --iterations -1
