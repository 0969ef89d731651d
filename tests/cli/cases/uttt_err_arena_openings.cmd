uttt arena 'sh a' 'sh b' --openings -1
