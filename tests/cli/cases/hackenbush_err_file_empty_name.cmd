hackenbush ''
