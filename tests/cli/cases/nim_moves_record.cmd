nim 3 4 5 --moves $'# grundy game record\n# Heaps: 3 4 5\nh1-2 h3-1'
