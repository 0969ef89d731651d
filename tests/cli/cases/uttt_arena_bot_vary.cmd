uttt arena "$GRUNDY uttt bot --iterations 200 --seed 3 --vary 20" 'sh tests/uttt/bots/first.sh' --games 2 --ms 20000 --first-ms 20000 --json
