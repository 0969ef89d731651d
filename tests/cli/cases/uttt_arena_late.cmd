uttt arena 'sh tests/uttt/bots/slow.sh' 'sh tests/uttt/bots/first.sh' --games 2 --ms 300
