#!/usr/bin/env python3
"""API tests of `grundy serve` (docs/web.md): every endpoint answers exactly what the command
line prints for the same question, and every error path (400, 404, 405, 413, 503, 504) is
clear. Starts its own servers on free loopback ports; needs only the Python standard library.

    GRUNDY=build/grundy python3 tests/web/api_test.py
"""
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

GRUNDY = os.path.abspath(os.environ.get("GRUNDY", "build/grundy"))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
results = {"passed": 0, "failed": 0}


def check(name, ok, detail=""):
    if ok:
        results["passed"] += 1
    else:
        results["failed"] += 1
        print(f"FAIL {name}: {detail}")


class Server:
    """A `grundy serve` on a free port, stopped with SIGINT."""

    def __init__(self, *args):
        self.proc = subprocess.Popen([GRUNDY, "serve", "--port", "0", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if not line.startswith("grundy serve: http://"):
            raise SystemExit(f"the server did not start: {line!r} {self.proc.stderr.read()}")
        self.url = line.split()[2]
        self.host, port = self.url[len("http://"):].rstrip("/").rsplit(":", 1)
        self.port = int(port)

    def request(self, method, path, body=None, headers=None, timeout=60):
        c = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        data = body if isinstance(body, (bytes, type(None))) else body.encode()
        c.request(method, path, body=data, headers=headers or {"Content-Type": "application/json"})
        r = c.getresponse()
        out = (r.status, dict(r.getheaders()), r.read().decode())
        c.close()
        return out

    def post(self, path, obj):
        body = obj if isinstance(obj, (str, bytes)) else json.dumps(obj)
        return self.request("POST", path, body)

    def stop(self):
        self.proc.send_signal(signal.SIGINT)
        out, err = self.proc.communicate(timeout=60)
        return self.proc.returncode, out, err


def cli(args, cwd=ROOT):
    p = subprocess.run([GRUNDY, *args], capture_output=True, text=True, cwd=cwd, timeout=300)
    return p.returncode, p.stdout, p.stderr


def without(text, *keys):
    j = json.loads(text)
    for k in keys:
        j.pop(k, None)
    return j


# A game of Ultimate Tic-Tac-Toe in which X wins with i4 (tests/cli/cases/uttt_analyze_win).
# A 60-move game without a line: X owns 3 boards, O 2 (codingame: X wins on the tie-break).
UTTT_NO_LINE_GAME = ("b7 f2 i6 g9 b9 e8 f6 i7 i2 h5 e5 e4 d2 b4 f3 h8 d4 b2 a3 c9 f1 h2 i4 i1 g3 "
                     "c8 h6 d7 a2 c4 h1 e3 f7 h3 f9 g2 a5 a4 c1 i3 b8 d1 b1 d3 e9 e7 e2 d8 c3 "
                     "c2 g4 b3 d9 h4 e1 g6 g1 a1 g5 i5")
UTTT_X_WINS_NEXT = "d4 a2 c5 g5 b5 e5 f4 i2 g6 a8 a5 i5 h5 d5 h4 e2 e4 f3 g7 c2"

# Games for the post-game analysis: a whole 2x2 game, and a 3x3 game record as the pages copy
# it out ('#' header lines, then the moves).
DOTS_2X2_GAME = "a1b1 b2c2 a1a2 c1c2 a2b2 b1b2 a3b3 b3c3 a2a3 b2b3 c2c3 b1c1"
DOTS_3X3_RECORD = ("# grundy game record\n# Game: Dots and Boxes 3x3\n# Result: unfinished\n"
                   "a1b1 b1c1 c1d1 a4b4 b4c4 c4d4 a1a2 a2a3\n")

# Each: name, endpoint, request body, the command line that asks the same question, and the
# fields that may differ between two runs (timings).
SAME_AS_CLI = [
    ("nim", "/api/nim", {"heaps": [3, 4, 5]}, ["nim", "3", "4", "5", "--json"], ()),
    ("nim misere", "/api/nim", {"heaps": [1, 1, 2], "misere": True},
     ["nim", "1", "1", "2", "--misere", "--json"], ()),
    ("nim big heaps", "/api/nim", {"heaps": ["9223372036854775807", "9007199254740993", 5]},
     ["nim", "9223372036854775807", "9007199254740993", "5", "--json"], ()),
    ("subtraction table", "/api/subtraction", {"set": "1,3,4", "values": 30},
     ["subtraction", "--set", "1,3,4", "--values", "30", "--json"], ()),
    ("subtraction default", "/api/subtraction", {"set": "powers:4"},
     ["subtraction", "--set", "powers:4", "--json"], ()),
    ("subtraction misere", "/api/subtraction", {"set": "1,3,4", "misere": True, "values": 20},
     ["subtraction", "--set", "1,3,4", "--misere", "--values", "20", "--json"], ()),
    ("subtraction at 10^18+1", "/api/subtraction", {"set": "1,3,4", "at": "1000000000000000001"},
     ["subtraction", "--set", "1,3,4", "--at", "1000000000000000001", "--json"], ()),
    ("subtraction squares at", "/api/subtraction", {"set": "squares", "at": 1000},
     ["subtraction", "--set", "squares", "--at", "1000", "--json"], ()),
    ("octal kayles", "/api/octal", {"code": "0.77", "values": 24},
     ["octal", "0.77", "--values", "24", "--json"], ()),
    ("octal dawson at", "/api/octal", {"code": ".07", "at": "1000000000000000000"},
     ["octal", ".07", "--at", "1000000000000000000", "--json"], ()),
    ("octal .16 period", "/api/octal", {"code": ".16", "period": True, "values": 5},
     ["octal", ".16", "--period", "--values", "5", "--json"], ()),
    ("octal hexadecimal", "/api/octal", {"code": "0.8f", "values": 30, "limit": 512},
     ["octal", "0.8f", "--values", "30", "--limit", "512", "--json"], ()),
    ("octal grundy", "/api/octal", {"code": "grundy", "values": 50},
     ["octal", "grundy", "--values", "50", "--json"], ()),
    ("octal misere", "/api/octal", {"code": "0.77", "misere": True, "values": 20},
     ["octal", "0.77", "--misere", "--values", "20", "--json"], ()),
    ("octal heaps", "/api/octal", {"code": "0.77", "heaps": [3, 5, 9]},
     ["octal", "0.77", "--heaps", "3,5,9", "--json"], ()),
    ("octal heaps huge", "/api/octal", {"code": ".07", "heaps": ["1000000000000000000", 5]},
     ["octal", ".07", "--heaps", "1000000000000000000,5", "--json"], ()),
    ("octal heaps misere", "/api/octal", {"code": "0.77", "heaps": [3, 5, 9], "misere": True},
     ["octal", "0.77", "--heaps", "3,5,9", "--misere", "--json"], ()),
    ("subtraction heaps", "/api/subtraction", {"set": "1,3,4", "heaps": [3, 5, 9]},
     ["subtraction", "--set", "1,3,4", "--heaps", "3,5,9", "--json"], ()),
    ("subtraction heaps misere", "/api/subtraction",
     {"set": "1,3,4", "heaps": [3, 5, "1000000000000000000"], "misere": True},
     ["subtraction", "--set", "1,3,4", "--heaps", "3,5,1000000000000000000", "--misere",
      "--json"], ()),
    ("misere quotient kayles", "/api/misere", {"code": "0.77", "quotient": True},
     ["misere", "0.77", "--quotient", "--json"], ()),
    ("misere quotient table", "/api/misere", {"code": "0.75", "quotient": True, "table": True},
     ["misere", "0.75", "--quotient", "--table", "--json"], ()),
    ("misere quotient max heap", "/api/misere", {"code": "0.07", "quotient": True, "max_heap": 20},
     ["misere", "0.07", "--quotient", "--max-heap", "20", "--json"], ()),
    ("misere genus", "/api/misere", {"code": "0.137", "genus": True, "values": 12},
     ["misere", "0.137", "--genus", "--values", "12", "--json"], ()),
    ("misere sum", "/api/misere", {"code": "0.77", "heaps": [3, 5, 9]},
     ["misere", "0.77", "3", "5", "9", "--json"], ()),
    ("misere sum huge", "/api/misere", {"code": "0.77", "heaps": ["1000000000000000000", 4, 7]},
     ["misere", "0.77", "1000000000000000000", "4", "7", "--json"], ()),
    ("hackenbush green", "/api/hackenbush",
     {"edges": [[0, 1], [1, 2], [2, 3], [3, 0], [2, 4], [4, 5], [5, 2]]},
     ["hackenbush", "request.json", "--json"], ()),
    ("hackenbush explain", "/api/hackenbush", {"string": "ee(e;eee)", "explain": True},
     ["hackenbush", "--string", "ee(e;eee)", "--explain", "--json"], ()),
    ("hackenbush blue-red", "/api/hackenbush", {"string": "llrl"},
     ["hackenbush", "--string", "llrl", "--json"], ()),
    ("hackenbush mixed", "/api/hackenbush",
     {"edges": [[0, 1, "g"], [1, 2, "b"], [0, 3, "g"], [0, 4, "b"], [4, 5, "g"], [4, 6, "r"]]},
     ["hackenbush", "request.json", "--json"], ()),
    ("dag", "/api/dag", {"graph": "a b\nb c\na c\nc d\n", "start": ["a", "b"]},
     ["dag", "graph", "--start", "a,b", "--json"], ()),
    ("dag misere", "/api/dag", {"graph": "a b\nb c\n", "start": ["a"], "misere": True},
     ["dag", "graph", "--start", "a", "--misere", "--json"], ()),
    ("dots show", "/api/dots/show", {"size": "2x2", "moves": "a1b1 a1a2 b1b2 a2b2", "explain": True},
     ["dots", "show", "2x2", "--moves", "a1b1 a1a2 b1b2 a2b2", "--explain", "--json"], ()),
    ("dots analyze", "/api/dots/analyze",
     {"size": "3x3", "moves": "a1b1 b2b3 c1c2 a3a4 d2d3 b4c4", "seconds": 1},
     ["dots", "analyze", "3x3", "--moves", "a1b1 b2b3 c1c2 a3a4 d2d3 b4c4", "--seconds", "1",
      "--json"], ()),
    ("dots solve", "/api/dots/solve", {"size": "2x2"}, ["dots", "solve", "2x2", "--json"],
     ("seconds",)),
    ("dots solve midgame", "/api/dots/solve",
     {"size": "3x3", "moves": "a1b1 b1c1 c1d1 a2b2 b2c2 c2d2 a1a2 d1d2 a3b3 c3d3"},
     ["dots", "solve", "3x3", "--moves", "a1b1 b1c1 c1d1 a2b2 b2c2 c2d2 a1a2 d1d2 a3b3 c3d3",
      "--json"], ("seconds",)),
    ("dots move greedy", "/api/dots/move",
     {"size": "2x2", "moves": "a1b1 a1a2 b1b2", "engine": "greedy", "seed": 3},
     ["dots", "move", "2x2", "--moves", "a1b1 a1a2 b1b2", "--engine", "greedy", "--seed", "3",
      "--json"], ()),
    ("dots move control", "/api/dots/move", {"size": "3x3", "moves": "a1b1 b2b3", "seed": 7},
     ["dots", "move", "3x3", "--moves", "a1b1 b2b3", "--seed", "7", "--json"], ()),
    ("uttt analyze", "/api/uttt", {"moves": "e5", "iterations": 3000},
     ["uttt", "analyze", "--moves", "e5", "--iterations", "3000", "--json"], ()),
    ("uttt analyze orlin", "/api/uttt",
     {"moves": "e5 e4 d2", "rules": "orlin", "engine": "mcts", "iterations": 2000, "seed": 9},
     ["uttt", "analyze", "--moves", "e5 e4 d2", "--rules", "orlin", "--iterations", "2000",
      "--seed", "9", "--json"], ()),
    ("uttt analyze proved win", "/api/uttt",
     {"moves": UTTT_X_WINS_NEXT, "engine": "alphabeta", "ms": 500},
     ["uttt", "analyze", "--moves", UTTT_X_WINS_NEXT, "--engine", "alphabeta", "--ms", "500",
      "--json"], ()),
    ("uttt analyze heuristic", "/api/uttt", {"moves": "e5 e4", "engine": "heuristic"},
     ["uttt", "analyze", "--moves", "e5 e4", "--engine", "heuristic", "--json"], ()),
    ("uttt analyze random", "/api/uttt", {"engine": "random", "seed": 5},
     ["uttt", "analyze", "--engine", "random", "--seed", "5", "--json"], ()),
    ("dots analyze-game", "/api/dots/analyze-game",
     {"size": "2x2", "moves": DOTS_2X2_GAME, "seconds": 20},
     ["dots", "analyze-game", "2x2", "--moves", DOTS_2X2_GAME, "--seconds", "20", "--json"],
     ("seconds",)),
    ("dots analyze-game 3x3 record", "/api/dots/analyze-game",
     {"size": "3x3", "moves": DOTS_3X3_RECORD},
     ["dots", "analyze-game", "3x3", "--moves", DOTS_3X3_RECORD, "--json"], ("seconds",)),
    ("uttt analyze-game", "/api/uttt/analyze-game", {"moves": UTTT_X_WINS_NEXT + " i4",
                                                     "iterations": 2000},
     ["uttt", "analyze-game", "--moves", UTTT_X_WINS_NEXT + " i4", "--iterations", "2000",
      "--json"], ("seconds",)),
    ("uttt analyze-game orlin", "/api/uttt/analyze-game",
     {"moves": "e5 e4 d2 a4", "rules": "orlin", "iterations": 500, "seed": 4},
     ["uttt", "analyze-game", "--moves", "e5 e4 d2 a4", "--rules", "orlin", "--iterations",
      "500", "--seed", "4", "--json"], ("seconds",)),
    ("uttt show", "/api/uttt/show", {"moves": "e5,e4,d2,a4", "rules": "orlin"},
     ["uttt", "show", "--moves", "e5,e4,d2,a4", "--rules", "orlin", "--json"], ()),
    ("uttt show won", "/api/uttt/show", {"moves": UTTT_X_WINS_NEXT + " i4"},
     ["uttt", "show", "--moves", UTTT_X_WINS_NEXT + " i4", "--json"], ()),
    ("uttt show codingame tie-break", "/api/uttt/show",
     {"moves": UTTT_NO_LINE_GAME, "rules": "codingame"},
     ["uttt", "show", "--moves", UTTT_NO_LINE_GAME, "--rules", "codingame", "--json"], ()),
]

# Bad positions: the server's message is the command line's, without "grundy: ".
SAME_ERROR_AS_CLI = [
    ("nim bad heap", "/api/nim", {"heaps": [3, "x"]}, ["nim", "3", "x"]),
    ("nim heap too big", "/api/nim", {"heaps": ["9223372036854775808"]},
     ["nim", "9223372036854775808"]),
    ("nim no heaps", "/api/nim", {"heaps": []}, ["nim"]),
    ("subtraction bad set", "/api/subtraction", {"set": "1,0"}, ["subtraction", "--set", "1,0"]),
    ("subtraction bad at", "/api/subtraction", {"set": "1,2", "at": "12a"},
     ["subtraction", "--set", "1,2", "--at", "12a"]),
    ("octal bad code", "/api/octal", {"code": "0.x"}, ["octal", "0.x"]),
    ("octal grundy period", "/api/octal", {"code": "grundy", "period": True},
     ["octal", "grundy", "--period"]),
    ("octal heaps bad", "/api/octal", {"code": "0.77", "heaps": [3, "-1"]},
     ["octal", "0.77", "--heaps", "3,-1"]),
    ("misere no mode", "/api/misere", {"code": "0.77"}, ["misere", "0.77"]),
    ("misere bad heap", "/api/misere", {"code": "0.77", "heaps": [3, "x"]},
     ["misere", "0.77", "3", "x"]),
    ("misere grundy too far", "/api/misere", {"code": "grundy", "heaps": [4000000]},
     ["misere", "grundy", "4000000"]),
    ("hackenbush bad string", "/api/hackenbush", {"string": "e(x"},
     ["hackenbush", "--string", "e(x"]),
    ("hackenbush bad edge", "/api/hackenbush", {"edges": [[0, 1], [1, -2]]},
     ["hackenbush", "request.json"]),
    ("dag cycle", "/api/dag", {"graph": "a b\nb a\n"}, ["dag", "graph"]),
    ("dag unknown start", "/api/dag", {"graph": "a b\n", "start": ["z"]},
     ["dag", "graph", "--start", "z"]),
    ("dots bad size", "/api/dots/show", {"size": "9x9"}, ["dots", "show", "9x9"]),
    ("dots line twice", "/api/dots/show", {"size": "2x2", "moves": "a1b1 b1a1"},
     ["dots", "show", "2x2", "--moves", "a1b1 b1a1"]),
    ("dots bad engine", "/api/dots/move", {"size": "2x2", "engine": "genius"},
     ["dots", "move", "2x2", "--engine", "genius"]),
    ("uttt forced board", "/api/uttt/show", {"moves": "e5 a1"}, ["uttt", "show", "--moves", "e5 a1"]),
    ("uttt occupied", "/api/uttt", {"moves": "e5 e5"}, ["uttt", "analyze", "--moves", "e5 e5"]),
    ("uttt bad cell", "/api/uttt/show", {"moves": "e5 zz"}, ["uttt", "show", "--moves", "e5 zz"]),
    ("uttt bad rules", "/api/uttt", {"rules": "fancy"}, ["uttt", "analyze", "--rules", "fancy"]),
    ("uttt bad engine", "/api/uttt", {"engine": "minimax"},
     ["uttt", "analyze", "--engine", "minimax"]),
    ("uttt game over", "/api/uttt", {"moves": UTTT_X_WINS_NEXT + " i4"},
     ["uttt", "analyze", "--moves", UTTT_X_WINS_NEXT + " i4"]),
    ("dots empty item", "/api/dots/show", {"size": "3x3", "moves": "a1b1,,b1c1"},
     ["dots", "show", "3x3", "--moves", "a1b1,,b1c1"]),
    ("dots analyze-game line twice", "/api/dots/analyze-game", {"size": "2x2", "moves": "a1b1 a1b1"},
     ["dots", "analyze-game", "2x2", "--moves", "a1b1 a1b1"]),
    ("uttt analyze-game illegal", "/api/uttt/analyze-game", {"moves": "e5 a1"},
     ["uttt", "analyze-game", "--moves", "e5 a1"]),
    ("uttt ms not finite", "/api/uttt", {"ms": "nan"}, ["uttt", "analyze", "--ms", "nan"]),
    ("uttt iterations negative", "/api/uttt", {"iterations": -1},
     ["uttt", "analyze", "--iterations", "-1"]),
    ("uttt iterations zero", "/api/uttt", {"iterations": 0}, ["uttt", "analyze", "--iterations", "0"]),
    ("uttt seed negative", "/api/uttt", {"seed": -1}, ["uttt", "analyze", "--seed", "-1"]),
    ("uttt move after the end", "/api/uttt/show", {"moves": UTTT_X_WINS_NEXT + " i4 a1"},
     ["uttt", "show", "--moves", UTTT_X_WINS_NEXT + " i4 a1"]),
]


def run_cli_for(body, args, tmp):
    # The files a command line reads hold what the request carries: a DAG's "graph", or the
    # whole body as Hackenbush's request.json.
    if "graph" in body:
        with open(os.path.join(tmp, "graph"), "w") as f:
            f.write(body["graph"])
    with open(os.path.join(tmp, "request.json"), "w") as f:
        json.dump(body, f)
    return cli(args, cwd=tmp)


# Too slow for the web budget under sanitizers (.16 needs 2^20 values; the server refuses it up
# front there, which the optimised build does not), like OctalPeriod.Sixteen in the C++ tests.
SLOW_UNDER_SANITIZERS = {"octal .16 period"}


def test_same_as_cli(s, tmp):
    sanitized = os.environ.get("GRUNDY_SANITIZED") == "1"
    for name, path, body, args, volatile in SAME_AS_CLI:
        if sanitized and name in SLOW_UNDER_SANITIZERS:
            continue
        status, headers, text = s.post(path, body)
        code, out, err = run_cli_for(body, args, tmp)
        check(f"{name}: status", status == 200, f"{status} {text[:300]}")
        check(f"{name}: the command line succeeds", code == 0, err)
        if volatile:
            check(f"{name}: same answer", without(text, *volatile) == without(out, *volatile),
                  f"\nweb: {text[:500]}\ncli: {out[:500]}")
        else:
            check(f"{name}: same bytes", text == out, f"\nweb: {text[:500]}\ncli: {out[:500]}")
        check(f"{name}: JSON content type", headers.get("Content-Type", "").startswith("application/json"),
              headers.get("Content-Type"))


def test_same_errors(s, tmp):
    for name, path, body, args in SAME_ERROR_AS_CLI:
        status, _, text = s.post(path, body)
        code, _, err = run_cli_for(body, args, tmp)
        check(f"{name}: 400", status == 400, f"{status} {text}")
        check(f"{name}: the command line fails with 2", code == 2, f"{code} {err}")
        message = json.loads(text).get("error") if status == 400 else None
        want = err.strip()
        want = want[len("grundy: "):] if want.startswith("grundy: ") else want
        check(f"{name}: same message", message == want, f"\nweb: {message}\ncli: {want}")


def test_contract(s):
    # The contract of docs/web.md, word for word.
    status, _, text = s.request("POST", "/api/nim", '{"heaps": [3, 4, 5]}')
    code, out, _ = cli(["nim", "3", "4", "5", "--json"])
    check("contract: POST /api/nim {heaps: [3, 4, 5]}", status == 200 and text == out, text)


def test_request_errors(s):
    status, _, text = s.post("/api/nim", "{")
    check("bad JSON: 400", status == 400 and "not valid JSON" in json.loads(text)["error"], text)
    status, _, text = s.post("/api/nim", '{"heaps": [1e400]}')
    check("a number beyond a double: 400", status == 400 and "number overflow" in text, text)
    status, _, text = s.post("/api/nim", "[3, 4]")
    check("not an object: 400", status == 400 and "expected a JSON object" in text, text)
    status, _, text = s.post("/api/nim", {"heaps": [1], "misère": True})
    check("unknown field: 400", status == 400 and "unknown field" in text, text)
    status, _, text = s.post("/api/nim", {"heaps": [1], "misere": "yes"})
    check("bad flag: 400", status == 400 and "true or false" in text, text)
    status, _, text = s.post("/api/subtraction", {"set": "1,5000"})
    check("web bound: 400", status == 400 and "web app" in text, text)
    status, _, text = s.post("/api/subtraction", {"set": "1,2", "values": 1000000})
    check("too many values: 400", status == 400 and "--values" in text, text)
    status, _, text = s.post("/api/uttt", {"ms": 60000})
    check("uttt: --ms beyond the budget: 400", status == 400 and "budget" in text, text)
    status, _, text = s.post("/api/uttt", {"iterations": "10000000000"})
    check("uttt: too many iterations: 400", status == 400 and "--iterations" in text, text)
    status, _, text = s.post("/api/uttt", {"moves": 5})
    check("uttt: moves must be a string: 400", status == 400 and "must be a string" in text, text)
    status, _, text = s.post("/api/nope", {})
    check("unknown endpoint: 404", status == 404 and "error" in json.loads(text), text)
    status, headers, text = s.request("GET", "/nope.html")
    check("unknown page: 404 with a page", status == 404 and "Page not found" in text and
          headers.get("Content-Type", "").startswith("text/html"), text)
    status, _, text = s.request("GET", "/api/no-such-thing")
    check("GET on an unknown endpoint: 404", status == 404 and "no endpoint" in text, text)
    status, _, text = s.post("/api/dots/solve", {"size": "2x2", "seconds": 0.5})
    check("seconds as a decimal: 200", status == 200, text)
    status, headers, text = s.request("GET", "/api/nim")
    check("GET on the API: 405", status == 405 and headers.get("Allow") == "POST", text)
    status, headers, text = s.request("PUT", "/api/nim", "{}")
    check("PUT on the API: 405", status == 405 and headers.get("Allow") == "POST" and
          "PUT is not allowed" in text, text)
    status, headers, text = s.request("DELETE", "/index.html")
    check("DELETE on a page: 405", status == 405 and headers.get("Allow") == "GET", text)
    big = b'{"heaps": [' + b"1, " * 400000 + b"1]}"
    status, _, text = s.request("POST", "/api/nim", big)
    check("body over 1 MiB: 413", status == 413 and "larger than the limit" in text, f"{status} {text}")
    status, _, text = s.post("/api/nim", {"heaps": [1] * 20000})
    check("a big body under the limit: 200", status == 200, status)


def test_static(s):
    for path in ["/", "/index.html", "/nim.html", "/explorer.html", "/hackenbush.html",
                 "/dots.html", "/uttt.html", "/js/uttt.js", "/js/common.js", "/css/style.css", "/docs/web.md", "/docs/web.html",
                 "/docs/dots.html"]:
        status, headers, text = s.request("GET", path)
        check(f"GET {path}", status == 200 and len(text) > 0, status)
        csp = headers.get("Content-Security-Policy", "")
        check(f"GET {path}: CSP", "default-src 'none'" in csp and "script-src 'self'" in csp, csp)
    # docs/web.md documents every endpoint and the contract.
    _, _, doc = s.request("GET", "/docs/web.md")
    for path in sorted({c[1] for c in SAME_AS_CLI} | {"/api/status"}):
        check(f"docs/web.md documents {path}", f"`POST {path}`" in doc or f"`GET {path}`" in doc)
    check("docs/web.md states the contract", "grundy nim 3 4 5 --json" in doc)
    # ... and is a page: rendered, in the site's frame, its tables and links to the other docs.
    status, headers, page = s.request("GET", "/docs/web.html")
    check("docs rendered", status == 200 and headers.get("Content-Type", "").startswith("text/html")
          and "<table>" in page and "<h1>" in page and 'href="dots.html"' in page
          and 'href="/nim.html"' in page, page[:300])
    status, _, _ = s.request("GET", "/docs/nothing.html")
    check("no such doc: 404", status == 404, status)
    _, headers, _ = s.request("GET", "/js/common.js")
    check("JavaScript content type", headers.get("Content-Type", "").startswith("text/javascript"),
          headers.get("Content-Type"))
    _, headers, _ = s.post("/api/nim", {"heaps": [1]})
    check("API responses carry the CSP too", "Content-Security-Policy" in headers, headers)
    status, _, text = s.request("GET", "/api/status")
    j = json.loads(text)
    check("status endpoint", status == 200 and j["queue"] == 64 and j["running"] == 0, text)


def test_budget():
    s = Server("--budget", "0.3")
    try:
        status, _, text = s.post("/api/dots/solve", {"size": "4x4"})
        check("budget: 504", status == 504 and "budget of 0.3 s" in text, f"{status} {text}")
        status, _, text = s.post("/api/nim", {"heaps": [1, 2]})
        check("budget: the server goes on", status == 200, status)
        status, _, text = s.post("/api/uttt", {"iterations": 1000000})
        check("budget: uttt search stopped: 504", status == 504 and "budget of 0.3 s" in text,
              f"{status} {text}")
        # Half of 0.3 s leaves little room under sanitizers (slow start-up of the search there).
        status, _, text = s.post("/api/uttt", {"engine": "mcts"})
        sanitized = os.environ.get("GRUNDY_SANITIZED") == "1"
        check("budget: uttt thinks for half the budget by default",
              status == 200 or (sanitized and status == 504), f"{status} {text}")
        status, _, text = s.post("/api/octal", {"code": "0.6", "period": True, "values": 10})
        check("budget: octal search refused or stopped", status in (400, 504) and
              ("budget" in text or "web app" in text or "estimate" in text or "take" in text),
              f"{status} {text}")
    finally:
        s.stop()


def test_queue_full():
    s = Server("--workers", "1", "--queue", "0", "--budget", "5")
    try:
        slow = {}

        def run_slow():
            slow["answer"] = s.post("/api/dots/solve", {"size": "4x4"})

        t = threading.Thread(target=run_slow)
        t.start()
        running = False
        for _ in range(600):  # wait (at most a minute) until the slow request holds the worker
            running = json.loads(s.request("GET", "/api/status")[2])["running"] == 1
            if running:
                break
            time.sleep(0.1)
        check("queue: the slow request runs", running)
        status, headers, text = s.post("/api/nim", {"heaps": [1]})
        check("queue full: 503", status == 503 and "busy" in text and headers.get("Retry-After"),
              f"{status} {text}")
        t.join()
        check("queue: the slow request ends at its budget", slow["answer"][0] == 504, slow)
        status, _, _ = s.post("/api/nim", {"heaps": [1]})
        check("queue: free again", status == 200, status)
    finally:
        s.stop()


def test_idle_connection_closed():
    s = Server("--timeout", "1")
    try:
        c = socket.create_connection((s.host, s.port), timeout=60)
        c.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # never finished
        data = c.recv(4096)  # the server gives up on it after its read timeout
        check("a slow request is dropped", True, data)
        c.close()
        status, _, _ = s.request("GET", "/")
        check("the server still serves", status == 200, status)
    except socket.timeout:
        check("a slow request is dropped", False, "still open after 60 s")
    finally:
        s.stop()


def test_lifecycle():
    s = Server()
    code, out, err = s.stop()
    check("Ctrl-C stops the server", code == 0 and "stopped" in out, f"{code} {out} {err}")
    s = Server("--host", "0.0.0.0")
    code, out, err = s.stop()
    check("another host: a warning", "warning" in err and "0.0.0.0" in err, err)
    p = subprocess.run([GRUNDY, "serve", "--budget", "0"], capture_output=True, text=True)
    check("a bad option: exit 2", p.returncode == 2 and "--budget" in p.stderr, p.stderr)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        # A generous budget: these answers must not depend on the machine's load.
        s = Server("--budget", "30")
        try:
            test_contract(s)
            test_same_as_cli(s, tmp)
            test_same_errors(s, tmp)
            test_request_errors(s)
            test_static(s)
        finally:
            s.stop()
    test_budget()
    test_queue_full()
    test_idle_connection_closed()
    test_lifecycle()
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
