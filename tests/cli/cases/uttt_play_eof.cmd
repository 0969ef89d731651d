uttt play --first engine --engine heuristic
