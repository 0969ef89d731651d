subtraction --help
