octal --help
