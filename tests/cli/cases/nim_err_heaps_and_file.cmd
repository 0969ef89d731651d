nim 3 --file examples/dag.txt
