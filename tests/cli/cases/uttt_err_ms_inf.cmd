uttt analyze --ms inf
