"""The `>>>` examples of docs/python.md and README.md print what the pages show."""

import doctest
import os


import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")


@pytest.mark.parametrize("page", ["docs/python.md", "README.md"])
def test_examples(page):
    path = os.path.join(ROOT, page)
    with open(path) as f:
        # A code fence ends an example's expected output, as a blank line does for doctest.
        text = "".join("\n" if line.startswith("```") else line for line in f)
    test = doctest.DocTestParser().get_doctest(text, {}, page, path, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted > 1
    assert result.failed == 0
