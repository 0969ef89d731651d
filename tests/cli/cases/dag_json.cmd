dag examples/dag.txt --start c,e --json
