uttt bot --weights tests/uttt/bots/first.sh
