hackenbush --string eeellelrereerell --json
