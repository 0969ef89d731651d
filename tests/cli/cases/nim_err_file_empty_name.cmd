nim --file ''
