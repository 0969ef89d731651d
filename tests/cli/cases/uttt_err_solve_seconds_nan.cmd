uttt solve --seconds nan
