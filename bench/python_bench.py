"""Benchmarks of the Python module (docs/benchmarks.md, "The Python module"); not a test.

    PYTHONPATH=build/python GRUNDY=build/grundy /usr/bin/python3 bench/python_bench.py

1. The layer's cost: grundy.octal(CODE).table(10**7) against the command line computing the same
   table (`grundy octal CODE --values N --out FILE`, a binary table), runs alternated, best of 3.
2. A nim call on three heaps (timeit).
3. A game written in Python against the plain Python way (a memoised recursive mex on the same
   moves function, as the pure-Python packages do it): the table G(0..N-1) computed bottom-up by
   both, best of 3; and G(N) asked directly, where the recursive way meets the recursion limit.
"""

import os
import subprocess
import sys
import tempfile
import time
import timeit
from functools import lru_cache

import grundy

GRUNDY = os.environ.get("GRUNDY", "build/grundy")


def best_of(n, f):
    best = float("inf")
    for _ in range(n):
        t = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t)
    return best


def layer_cost(code, count):
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "t.bin")
        cli, py = [], []
        for _ in range(3):
            t = time.perf_counter()
            subprocess.run([GRUNDY, "octal", code, "--values", str(count), "--out", out],
                           check=True, capture_output=True)
            cli.append(time.perf_counter() - t)
            os.remove(out)
            t = time.perf_counter()
            grundy.octal(code).table(count)
            py.append(time.perf_counter() - t)
    c, p = min(cli), min(py)
    print("table({:,}) of {}: command line {:.3f} s, Python {:.3f} s: Python/CLI = {:.3f}".format(
        count, code, c, p, p / c))


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def plain_python(moves, sums):
    @lru_cache(maxsize=None)
    def g(p):
        if sums:
            seen = set()
            for option in moves(p):
                x = 0
                for part in option:
                    x ^= g(part)
                seen.add(x)
            return mex(seen)
        return mex({g(o) for o in moves(p)})
    return g


def subtraction_moves(n):
    return [n - k for k in (1, 3, 4) if k <= n]


def kayles_moves(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range((n - t) // 2 + 1)]


def python_games(name, moves, sums, count):
    def plain():
        g = plain_python(moves, sums)
        for n in range(count):
            g(n)

    def ours():
        grundy.ImpartialGame(moves, sums=sums).table(count)

    p = best_of(3, plain)
    o = best_of(3, ours)
    print("{} to {:,} heaps: plain Python {:.3f} s, grundy.ImpartialGame {:.3f} s: {:.2f}x".format(
        name, count, p, o, p / o))
    g = plain_python(moves, sums)
    try:
        g(count - 1)
        direct = "answers"
    except RecursionError:
        direct = "RecursionError (limit {})".format(sys.getrecursionlimit())
    ours_direct = grundy.ImpartialGame(moves, sums=sums).value(count - 1)
    print("  G({:,}) asked directly: plain Python: {}; grundy: {}".format(count - 1, direct,
                                                                       ours_direct))


def main():
    print("host:", subprocess.run(["sh", "-c", "lscpu | sed -n 's/Model name: *//p'"],
                                  capture_output=True, text=True).stdout.strip(),
          "| load:", os.getloadavg())
    layer_cost("0.07", 10**7)
    layer_cost("grundy", 10**7)
    n = 200_000
    t = timeit.timeit(lambda: grundy.nim([3, 4, 5]), number=n) / n
    print("grundy.nim([3, 4, 5]): {:.2f} us per call".format(t * 1e6))
    python_games("subtraction {1,3,4}", subtraction_moves, False, 100_000)
    python_games("Kayles (take-and-break, sums)", kayles_moves, True, 10_000)


if __name__ == "__main__":
    main()
