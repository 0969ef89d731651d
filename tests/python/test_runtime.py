"""The module in a real interpreter: the GIL is released during long calls, Ctrl-C stops them and
leaves the objects usable, and nothing leaks over many calls."""

import gc
import os
import signal
import sys
import threading
import time

import pytest

import grundy
from conftest import SANITIZED


def interrupt_after(seconds):
    """SIGINT to this process after `seconds`, as Ctrl-C (or a notebook's Interrupt) sends it."""
    timer = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    timer.start()
    return timer


@pytest.mark.parametrize("call", [
    lambda: grundy.octal("grundy").table(10**8),
    lambda: grundy.subtraction("squares").table(10**8),
    lambda: grundy.octal("0.6").period(limit=2**28),
])
def test_ctrl_c_stops_a_long_call(call):
    timer = interrupt_after(0.5)
    try:
        with pytest.raises(KeyboardInterrupt):
            call()  # minutes of work: only the interrupt ends it early
    finally:
        timer.cancel()


def test_ctrl_c_stops_a_python_game_and_it_stays_usable():
    g = grundy.ImpartialGame(lambda n: [n - 1] if n > 0 else [])
    timer = interrupt_after(0.5)
    try:
        with pytest.raises(KeyboardInterrupt):
            g.value(10**9)
    finally:
        timer.cancel()
    assert g.value(10) == 0


def test_objects_stay_usable_after_an_interrupt():
    g = grundy.octal("grundy")
    timer = interrupt_after(0.3)
    try:
        with pytest.raises(KeyboardInterrupt):
            g.table(10**8)
    finally:
        timer.cancel()
    assert list(g.table(10)) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]


def test_progress_callback_and_its_exceptions():
    seen = []
    n = 50_000 if SANITIZED else 200_000
    grundy.octal("grundy").table(n, progress=lambda done, total: seen.append((done, total)))
    assert seen and seen[-1] == (n, n)
    assert all(d <= t for d, t in seen)

    class Stop(Exception):
        pass

    def stop(done, total):
        raise Stop

    with pytest.raises(Stop):
        grundy.octal("grundy").table(10**8, progress=stop)


def test_a_progress_callback_may_call_grundy():
    # The call waits on one of the module's threads; the callback's own call needs another.
    inner = []
    n = 50_000 if SANITIZED else 2_000_000

    def progress(done, total):
        inner.append(grundy.subtraction([1, 2]).position(7 + len(inner)).value)

    assert len(grundy.octal("grundy").table(n, progress=progress)) == n
    assert inner and inner == [(7 + i) % 3 for i in range(len(inner))]


def assert_true_in_a_child_of_fork(check):
    """check() in a child of fork(): its answer is the child's exit status (one that hangs dies
    of SIGALRM instead)."""
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        code = 1
        try:
            signal.alarm(30)
            code = 0 if check() else 1
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, f"child status {status}"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork() here")
def test_a_child_of_fork_computes():
    # The parent's calls ran on a thread the child does not have: the child starts its own.
    assert grundy.subtraction([1, 2]).position(7).value == 1
    assert_true_in_a_child_of_fork(
        lambda: grundy.subtraction([1, 2]).position(8).value == 2
        and list(grundy.octal("0.77").table(6)) == [0, 1, 2, 3, 1, 4])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork() here")
def test_a_budget_ends_in_a_child_of_fork():
    # The parent's long call started the pause watcher, a thread the child does not have: the
    # child's clock must go on all the same (core/run_clock.h), or its budget would never end.
    grundy.dots.State("4x4").solve(seconds=0.1, threads=1, table_mb=16)

    def check():
        r = grundy.dots.State("4x4").solve(seconds=0.3, threads=1, table_mb=16)
        return not r.complete and 0.25 < r.seconds < 20

    assert_true_in_a_child_of_fork(check)


@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="no SIGSTOP here")
def test_a_stop_is_not_computing_time():
    # A long call's seconds leave out a stop (Ctrl-Z, SIGSTOP) until SIGCONT, as the command's
    # do: a solve with a 2-second budget, stopped for 3 s once under way, takes 5 s or more of
    # wall time and reports about 2 s (counted on the wall clock: the budget ran out in the stop).
    import json
    import subprocess
    code = ("import json, grundy\n"
            "print('go', flush=True)\n"
            "r = grundy.dots.State('4x4').solve(seconds=2, threads=1, table_mb=64)\n"
            "print(json.dumps({'seconds': r.seconds, 'complete': r.complete}))\n")
    start = time.monotonic()
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "go"
        time.sleep(0.5)  # the solve is under way
        os.kill(p.pid, signal.SIGSTOP)
        time.sleep(3)
        os.kill(p.pid, signal.SIGCONT)
        out, _ = p.communicate(timeout=120)
    finally:
        p.kill()
    wall = time.monotonic() - start
    r = json.loads(out)
    assert not r["complete"] and wall >= 4.5
    assert 1.5 < r["seconds"] < wall - 2.5, (r, wall)


COUNT = 200_000 if SANITIZED else 3_000_000  # a second or more of work either way


def test_the_gil_is_released_while_computing():
    done = threading.Event()
    result = {}

    def work():
        result["t"] = grundy.octal("grundy").table(COUNT)
        done.set()

    worker = threading.Thread(target=work)
    worker.start()
    steps = 0
    while not done.wait(0.001):
        steps += 1  # runs only if the worker does not hold the GIL
    worker.join()
    assert len(result["t"]) == COUNT
    assert steps >= 10


def test_two_threads_compute_at_once():
    out = {}

    def work(name, code):
        out[name] = grundy.octal(code).table(50_000 if SANITIZED else 500_000)

    threads = [threading.Thread(target=work, args=(c, c)) for c in ("grundy", "0.6")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert list(out["grundy"][:10]) == [0, 0, 0, 1, 0, 2, 1, 0, 2, 1]
    assert list(out["0.6"][:10]) == list(grundy.octal("0.6").table(10))


def resident_kib():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def test_no_leak_over_many_calls():
    heaps = [3, 4, 5]
    k = grundy.octal("0.77")
    s = grundy.subtraction([1, 3, 4])
    game = grundy.ImpartialGame(lambda n: [n - 1] if n > 0 else [])

    def calls(n):
        for i in range(n):
            grundy.nim(heaps).to_dict()
            k.value(i)
            s.position(i % 1000).winning_moves
            game.value(i % 100)
            try:
                grundy.nim([-1])
            except grundy.InputError:
                pass

    calls(2000)  # warm up: caches, interned strings, allocator pools
    gc.collect()
    refs = sys.getrefcount(heaps)
    objects = len(gc.get_objects())
    before = resident_kib()
    calls(10_000 if SANITIZED else 100_000)
    gc.collect()
    assert sys.getrefcount(heaps) == refs
    assert len(gc.get_objects()) <= objects + 100
    if not SANITIZED:  # AddressSanitizer keeps freed memory in quarantine (256 MiB)
        assert resident_kib() - before < 8 * 1024, "resident memory grew by more than 8 MiB"


def test_long_run_equals_the_command_line_and_resumes(tmp_path, cli_json):
    import subprocess

    binary = os.environ.get("GRUNDY")
    if not binary:
        pytest.skip("set GRUNDY")
    # A run stopped part of the way after its first progress report (at 1 s): the count grows
    # until a run lasts long enough to report (the kernel sets make the same count take 0.3 s on
    # one host and 3 s on another, and a busy machine more). Deciding by the interruption itself,
    # not by timing another run, keeps it right whatever the load (a timed calibration once let
    # the run end before its first report, and a run can also end just after it). Checkpoints
    # every second.
    count = 100_000 if SANITIZED else 1_000_000
    out, summary = tmp_path / "py.bin", tmp_path / "py.json"
    g = grundy.octal("grundy")

    def stop_half_way(done, total):
        if done >= count // 20:
            os.kill(os.getpid(), signal.SIGINT)

    while True:
        for f in (out, summary, tmp_path / "py.bin.ckpt"):
            if f.exists():
                f.unlink()
        try:
            g.run(count, out=str(out), summary=str(summary), checkpoint_every=1,
                  progress=stop_half_way)
        except KeyboardInterrupt:
            if os.path.exists(str(out) + ".ckpt"):
                break  # stopped part of the way, its checkpoint saved
            # (else the run ended between the report and its look at the stop flag: the finished
            # run removed its checkpoint before the interrupt was raised; take a longer one)
        assert count < 1 << 26, "no run was stopped part of the way"
        count *= 4
    cli_out, cli_sum = tmp_path / "cli.bin", tmp_path / "cli.json"
    subprocess.run([binary, "octal", "grundy", "--values", str(count), "--out", str(cli_out),
                    "--summary", str(cli_sum)], check=True, capture_output=True)
    assert os.path.exists(str(out) + ".ckpt")
    run = g.run(count, out=str(out), summary=str(summary), resume=True)
    assert run.resumed_from > 0 and run.count == count
    assert out.read_bytes() == cli_out.read_bytes()
    d = run.to_dict()
    assert d["checksum"] == run.checksum and d["count"] == count
    again = g.run(count, out=str(out), summary=str(summary), resume=True)
    assert again.already_complete
    with pytest.raises(grundy.InputError, match="give out=FILE"):
        g.run(10)


def test_the_kernel_set_is_named_and_a_bad_one_fails_the_import():
    import subprocess
    assert grundy.kernel_set() in ("scalar", "avx2", "avx512")
    env = dict(os.environ, GRUNDY_KERNELS="scalar")
    r = subprocess.run([sys.executable, "-c", "import grundy; print(grundy.kernel_set())"],
                       env=env, capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout == "scalar\n"
    env["GRUNDY_KERNELS"] = "avx3"
    r = subprocess.run([sys.executable, "-c", "import grundy"], env=env, capture_output=True,
                       text=True)
    assert r.returncode != 0
    assert "GRUNDY_KERNELS='avx3' is not a kernel set" in r.stderr
