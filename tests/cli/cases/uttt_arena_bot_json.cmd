uttt arena "$GRUNDY uttt bot --iterations 300 --seed 1" 'sh tests/uttt/bots/first.sh' --games 4 --openings 2 --ms 20000 --first-ms 20000 --json
