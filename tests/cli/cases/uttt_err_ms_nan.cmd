uttt analyze --ms nan
