uttt match mcts random --iterations -1
