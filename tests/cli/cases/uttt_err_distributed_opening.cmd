uttt solve --moves e5 --distributed --opening centre
