uttt bot --vary 82
