"""Shared fixtures: the command line to compare with, and the module under test.

CTest runs this suite with PYTHONPATH=build/python (the module as built) and GRUNDY=build/grundy
(the command line whose --json answers to_dict() must equal)."""

import gc
import json
import os
import signal
import subprocess
import sys
import threading

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


@pytest.fixture(scope="session")
def cli_text():
    """cli_text('dots', 'show', '2x2') -> what `grundy dots show 2x2` prints on stdout."""
    binary = _grundy_binary()
    if not os.path.exists(binary):
        pytest.skip("no grundy binary to compare with (set GRUNDY)")

    def run(*args):
        return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout

    return run


@pytest.fixture
def interrupt_after():
    """interrupt_after(0.5): SIGINT to this process after 0.5 s, as Ctrl-C sends it (cancelled
    at the end of the test if it has not fired)."""
    timers = []

    def start(seconds):
        timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
        timer.start()
        timers.append(timer)
        return timer

    yield start
    for timer in timers:
        timer.cancel()


@pytest.fixture
def assert_no_leak():
    """assert_no_leak(calls, state): runs calls(1000) to warm up, then calls(20000) (4000 under
    the sanitizers), and fails if Python objects, the references to `state` or the resident
    memory (4 MiB; not under the sanitizers) grew."""

    def resident_kib():
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

    def check(calls, state):
        calls(1000)  # warm up: caches, interned strings, allocator pools
        gc.collect()
        objects = len(gc.get_objects())
        refs = sys.getrefcount(state)
        before = resident_kib()
        calls(4_000 if SANITIZED else 20_000)
        gc.collect()
        assert len(gc.get_objects()) <= objects + 100
        assert sys.getrefcount(state) == refs
        if not SANITIZED:  # AddressSanitizer keeps freed memory in quarantine
            assert resident_kib() - before < 4 * 1024, "resident memory grew by more than 4 MiB"

    return check


@pytest.fixture(scope="session")
def python_perft():
    """python_perft(state, depth): the move sequences of exactly `depth` plies from a
    grundy.dots or grundy.uttt state (a finished game is not extended), counted through
    legal_moves/play/undo; the state is left as it was."""

    def perft(s, depth):
        if depth == 0:
            return 1
        if s.is_over():
            return 0
        total = 0
        for m in s.legal_moves():
            s.play(m)
            total += perft(s, depth - 1)
            s.undo()
        return total

    return perft
