uttt solve --help
