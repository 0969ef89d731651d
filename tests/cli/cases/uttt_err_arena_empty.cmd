uttt arena 'sh a' '' --games 3
