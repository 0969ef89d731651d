uttt analyze --engine minimax
