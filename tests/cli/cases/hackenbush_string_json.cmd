hackenbush --string 'ee(e;eee)' --json
