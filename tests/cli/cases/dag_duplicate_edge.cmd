dag tests/cli/data/dag_duplicate.txt --start a
