nim --file /dev/zero
