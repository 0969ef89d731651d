uttt analyze --iterations 99999999999999999999
