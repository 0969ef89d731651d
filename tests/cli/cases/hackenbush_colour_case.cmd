hackenbush --string 'L;R;E' --json
