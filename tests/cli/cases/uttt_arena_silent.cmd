uttt arena 'sh tests/uttt/bots/silent.sh' 'sh tests/uttt/bots/first.sh' --games 2 --first-ms 300
