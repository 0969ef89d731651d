dag examples/dag.txt --start a,
