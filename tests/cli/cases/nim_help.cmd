nim --help
