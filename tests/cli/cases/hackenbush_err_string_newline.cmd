hackenbush --string "$(printf 'ee\nx')"
