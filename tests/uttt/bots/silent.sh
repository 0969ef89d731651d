#!/bin/sh
# A fake bot for the arena's tests: reads its turns and never answers, nor ends by itself.
exec sleep 3600
