dag tests/cli/data/dag_nul.txt
