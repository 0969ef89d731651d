"""Shared fixtures: the command line to compare with, and the module under test.

CTest runs this suite with PYTHONPATH=build/python (the module as built) and GRUNDY=build/grundy
(the command line whose --json answers to_dict() must equal)."""

import json
import os
import subprocess

import pytest

# Under the sanitizers (make test-asan) every call is several times slower: heavy tests shrink.
SANITIZED = os.environ.get("GRUNDY_SANITIZED") == "1"


def _grundy_binary():
    path = os.environ.get("GRUNDY")
    if not path:
        here = os.path.dirname(os.path.abspath(__file__))
        path = os.path.join(here, "..", "..", "build", "grundy")
    return path


@pytest.fixture(scope="session")
def cli_json():
    """cli_json('nim', '3', '4', '5') -> the parsed output of `grundy nim 3 4 5 --json`."""
    binary = _grundy_binary()
    if not os.path.exists(binary):
        pytest.skip("no grundy binary to compare with (set GRUNDY)")

    def run(*args):
        out = subprocess.run([binary, *args, "--json"], check=True, capture_output=True, text=True)
        return json.loads(out.stdout)

    return run


@pytest.fixture(scope="session")
def cli_error():
    """cli_error('nim', '-3') -> the message `grundy` prints for it (without 'grundy: '), after
    checking that it exits with status 2."""
    binary = _grundy_binary()
    if not os.path.exists(binary):
        pytest.skip("no grundy binary to compare with (set GRUNDY)")

    def run(*args):
        out = subprocess.run([binary, *args], capture_output=True, text=True)
        assert out.returncode == 2, (args, out.returncode, out.stderr)
        line = out.stderr.strip()
        assert line.startswith("grundy: "), line
        return line[len("grundy: "):]

    return run
