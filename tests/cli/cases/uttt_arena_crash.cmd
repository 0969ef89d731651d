uttt arena 'sh tests/uttt/bots/crash.sh' 'sh tests/uttt/bots/first.sh' --games 2
