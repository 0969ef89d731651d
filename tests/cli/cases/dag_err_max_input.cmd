dag tests/cli/data/dag_duplicate.txt --max-input 4
