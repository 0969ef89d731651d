"""Subtraction games, octal games and games written in Python: tables, periods, values at huge n,
JSON equal to the command line's, and user-defined games equal to the built-in ones."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from conftest import SANITIZED

# Published facts (DESIGN.md): seed 000's subtraction {1,3,4} and its misère form, powers of 4,
# Kayles, Dawson's Kayles, 0.137, subtraction {2,3,7}.
SUB_134 = [0, 1, 0, 1, 2, 3, 2]
SUB_134_MISERE = [1, 0, 1, 0, 2, 3, 2]
KAYLES_24 = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7]


def test_subtraction_134():
    g = grundy.subtraction([1, 3, 4])
    assert list(g.table(14)) == SUB_134 * 2
    p = g.period()
    assert (p.preperiod, p.period, p.proven) == (0, 7, True)
    assert g.value(10**18) == SUB_134[10**18 % 7]
    assert list(grundy.subtraction("1,3,4", misere=True).table(7)) == SUB_134_MISERE
    assert list(grundy.subtraction("powers:4").table(10)) == [0, 1, 0, 1, 2] * 2
    assert grundy.subtraction("2,3,7").period().period == 5


@pytest.mark.parametrize("code,pre,per", [("0.77", 71, 12), ("0.07", 53, 34), ("0.137", 52, 34)])
def test_octal_published_periods(code, pre, per):
    p = grundy.octal(code).period()
    assert (p.preperiod, p.period, p.proven) == (pre, per, True)
    assert "G(n+" in p.to_dict()["proof"]["inequality"]


def test_kayles_table_and_far_values():
    k = grundy.octal("0.77")
    t = k.table(24)
    assert t.dtype == np.uint32 and list(t) == KAYLES_24
    big = k.table(100_000)
    for n in (10**12, 10**18, 2**62):
        assert k.value(n) == big[71 + (n - 71) % 12]


def test_flammenkamp_16():
    p = grundy.octal(".16").period()
    assert (p.preperiod, p.period, p.proven) == (105351, 149459, True)


@pytest.mark.parametrize("args", [["subtraction", "--set", "1,3,4", "--values", "30"],
                                  ["subtraction", "--set", "squares", "--values", "50"],
                                  ["subtraction", "--set", "allbut:2,5", "--values", "40", "--misere"],
                                  ["subtraction", "--set", "1,3,4", "--at", "1000000000000000000"],
                                  ["subtraction", "--set", "fibonacci", "--at", "5000"]])
def test_subtraction_to_dict(cli_json, args):
    misere = "--misere" in args
    g = grundy.subtraction(args[2], misere=misere)
    if "--values" in args:
        got = g.table_result(int(args[4])).to_dict()
    else:
        got = g.position(int(args[4])).to_dict()
    assert got == cli_json(*args)


@pytest.mark.parametrize("args", [["octal", "0.77", "--values", "24"],
                                  ["octal", "0.07", "--values", "100"],
                                  ["octal", "grundy", "--values", "64"],
                                  # (no period within 4,096 values: the default search
                                  # takes ~2 s for it, so a shorter one, the same on both sides)
                                  ["octal", "0.8f", "--values", "30", "--limit", "512"],
                                  ["octal", "0.6", "--values", "50"],
                                  ["octal", "0.77", "--values", "20", "--misere"],
                                  ["octal", ".07", "--at", "1000000000000000000"],
                                  ["octal", "0.77", "--at", "70"],
                                  ["octal", "grundy", "--at", "1000"],
                                  ["octal", "4.07", "--at", "25", "--misere"]])
def test_octal_to_dict(cli_json, args):
    g = grundy.octal(args[1], misere="--misere" in args)
    limit = int(args[args.index("--limit") + 1]) if "--limit" in args else None
    if "--values" in args:
        got = g.table_result(int(args[3]), limit=limit).to_dict()
    else:
        got = g.position(int(args[3])).to_dict()
    assert got == cli_json(*args)


def test_octal_period_to_dict(cli_json):
    got = grundy.octal("0.07").period().to_dict()
    cli = cli_json("octal", "0.07", "--period", "--values", "0")
    assert got == {k: cli[k] for k in ("preperiod", "period", "certified", "proof")}


def test_table_equals_value_and_position():
    # (0.8f, hexadecimal, has no period within the default 4,096 values: a shorter search)
    for code, limit in [("0.77", None), ("0.07", None), ("0.137", None), ("grundy", None),
                        ("0.8f", 512)]:
        g = grundy.octal(code)
        t = g.table(300, limit=limit)
        for n in (0, 1, 17, 150, 299):
            assert g.value(n, limit=limit) == t[n] == g.position(n, limit=limit).value


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["0.77", "0.07", "0.137", "4.07", "0.31", "0.75"]),
       st.integers(min_value=0, max_value=2**62))
def test_value_from_period_equals_table(code, n):
    g = grundy.octal(code)
    p = g.period()
    t = g.table(p.preperiod + p.period)
    expected = t[n] if n < len(t) else t[p.preperiod + (n - p.preperiod) % p.period]
    assert g.value(n) == expected


def subtraction_moves(amounts):
    return lambda n: [n - k for k in amounts if k <= n]


def octal_moves(code):
    """The moves of an octal code written plainly in Python: digit d_k says what removing k
    tokens may leave (1: nothing, 2: one heap, 4: two non-empty heaps)."""
    point = code.index(".")
    digits = [int(code[:point] or "0", 16)] + [int(c, 16) for c in code[point + 1:]]

    def moves(n):
        out = []
        for k, d in enumerate(digits):
            rest = n - k
            if k > n:
                break
            if d & 1 and rest == 0 and k > 0:
                out.append(())
            if d & 2 and rest > 0 and k > 0:
                out.append((rest,))
            if d & 4 and rest >= 2:
                out.extend((a, rest - a) for a in range(1, rest // 2 + 1))
        return out

    return moves


@settings(max_examples=40, deadline=None)
@given(st.sets(st.integers(min_value=1, max_value=12), min_size=1, max_size=4))
def test_python_subtraction_equals_builtin(amounts):
    mine = grundy.ImpartialGame(subtraction_moves(sorted(amounts)))
    builtin = grundy.subtraction(sorted(amounts))
    assert list(mine.table(300)) == list(builtin.table(300))
    mis = grundy.ImpartialGame(subtraction_moves(sorted(amounts)), misere=True)
    assert list(mis.table(100)) == list(grundy.subtraction(sorted(amounts), misere=True).table(100))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 2, 3, 4, 5, 6, 7]), min_size=1, max_size=3).filter(
    lambda ds: ds[-1] != 0))
def test_python_octal_equals_builtin(digits):
    code = "0." + "".join(map(str, digits))
    mine = grundy.ImpartialGame(octal_moves(code), sums=True)
    assert list(mine.table(120)) == list(grundy.octal(code).table(120))


def test_python_game_sum_and_winning_moves():
    g = grundy.ImpartialGame(octal_moves("0.77"), sums=True)
    assert g.value(10) == 2
    for option in g.winning_moves(10):
        x = 0
        for part in option:
            x ^= g.value(part)
        assert x == 0
    s = g.sum([3, 5, 9])
    assert s.value == KAYLES_24[3] ^ KAYLES_24[5] ^ KAYLES_24[9]
    assert s.winner == ("first" if s.value else "second")
    for m in s.winning_moves:
        values = [g.value(h) for h in (3, 5, 9)]
        x = 0
        for part in m.to:
            x ^= g.value(part)
        values[m.component] = x
        assert values[0] ^ values[1] ^ values[2] == 0


@settings(max_examples=100, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=40), min_size=1, max_size=5))
def test_sum_value_is_the_xor(heaps):
    g = grundy.ImpartialGame(subtraction_moves([1, 3, 4]))
    s = g.sum(heaps)
    x = 0
    for h in heaps:
        x ^= g.value(h)
    assert s.value == x and s.component_values == [g.value(h) for h in heaps]


def test_deep_games_need_no_recursion():
    chain = grundy.ImpartialGame(lambda n: [n - 1] if n > 0 else [])
    assert chain.value(1_000_000) == 0
    assert chain.positions_solved == 1_000_001


def test_cycles_name_a_position():
    g = grundy.ImpartialGame(lambda n: [(n + 1) % 5])
    with pytest.raises(grundy.CycleError, match="cycle through position"):
        g.value(0)
    with pytest.raises(grundy.CycleError):  # still usable, still refusing
        g.value(2)


def test_errors_from_moves():
    with pytest.raises(grundy.InputError, match="not hashable"):
        grundy.ImpartialGame(lambda p: [[1, 2]]).value(0)
    with pytest.raises(grundy.InputError, match="not an iterable"):
        grundy.ImpartialGame(lambda p: 5).value(0)
    with pytest.raises(grundy.InputError, match="tuple of positions"):
        grundy.ImpartialGame(lambda p: [3] if p else [], sums=True).value(1)
    with pytest.raises(grundy.InputError, match="normal play only"):
        grundy.ImpartialGame(lambda p: [], sums=True, misere=True)

    def failing(p):
        raise RuntimeError("my bug")

    with pytest.raises(RuntimeError, match="my bug"):
        grundy.ImpartialGame(failing).value(3)
    with pytest.raises(grundy.InputError, match="callable"):
        grundy.ImpartialGame(5)


def test_reentrant_moves_are_refused():
    holder = {}

    def moves(n):
        return [holder["g"].value(n - 1)] if n > 0 else []

    holder["g"] = grundy.ImpartialGame(moves)
    with pytest.raises(grundy.InputError, match="called back"):
        holder["g"].value(3)


def test_position_limit():
    g = grundy.ImpartialGame(lambda n: [n - 1] if n > 0 else [], max_positions=1000)
    with pytest.raises(grundy.LimitError):
        g.value(5000)
    assert g.value(10) == 0


def test_graphs():
    nx = pytest.importorskip("networkx")
    d = {"a": ["b", "c"], "b": ["c"], "c": []}
    g = grundy.ImpartialGame.from_dict(d)
    assert (g.value("a"), g.value("b"), g.value("c")) == (2, 1, 0)
    assert g.winning_moves("a") == ["c"]
    G = nx.DiGraph([("a", "b"), ("b", "c"), ("a", "c")])
    assert grundy.ImpartialGame.from_graph(G).values(["a", "b", "c"]) == [2, 1, 0]
    cyclic = nx.DiGraph([(1, 2), (2, 1)])
    with pytest.raises(grundy.CycleError):
        grundy.ImpartialGame.from_graph(cyclic).value(1)


def test_dag_to_dict(cli_json):
    import os
    path = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "dag.txt")
    r = grundy.dag(open(path).read(), start=["a", "b"])
    assert r.to_dict() == cli_json("dag", path, "--start", "a,b")
    assert grundy.dag(open(path).read()).to_dict() == cli_json("dag", path)
