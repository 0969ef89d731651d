dag ''
