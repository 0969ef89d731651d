uttt analyze --ms abc
