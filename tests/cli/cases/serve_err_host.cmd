serve --host 999.1.1.1
