uttt --help
