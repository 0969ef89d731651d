subtraction --set squares --values 20 --json
