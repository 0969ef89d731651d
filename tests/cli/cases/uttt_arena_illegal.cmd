uttt arena 'sh tests/uttt/bots/illegal.sh' 'sh tests/uttt/bots/first.sh' --games 2
