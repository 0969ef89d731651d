uttt analyze --ms 1e30
