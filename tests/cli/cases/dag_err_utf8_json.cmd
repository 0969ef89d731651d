dag tests/cli/data/dag_utf8.txt --json
