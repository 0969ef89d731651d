dag examples/dag.txt --start zz
