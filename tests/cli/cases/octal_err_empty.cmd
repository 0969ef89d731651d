octal ''
