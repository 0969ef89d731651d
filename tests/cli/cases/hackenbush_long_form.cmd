hackenbush --string eeellelrereerell
