"""Sums of heaps (normal and misère) and misère quotients from Python: to_dict() equals the
command line's JSON, the answers agree with a brute-force misère search over sums, and the
published facts hold (R8 for 0.75, Dawson's Chess' first wild heap 3^1431, CGSuite's misère
values)."""

import functools
import itertools

import pytest

import grundy


@pytest.mark.parametrize("code, heaps, misere", [
    ("0.77", [3, 5, 9], False),
    ("0.77", [3, 5, 9], True),
    ("0.77", [1, 1, 1, 2], True),
    ("0.77", [4, 4], True),
    ("0.07", [10**18, 7], False),
    ("0.75", [10**18, 3, 5], True),   # through R8's proven period
    ("grundy", [7, 12, 20], False),
    ("0.137", [0, 0], True),          # no move: the player to move has already won
])
def test_octal_sum_to_dict(cli_json, code, heaps, misere):
    got = grundy.octal(code, misere=misere).sum(heaps).to_dict()
    args = ["octal", code, "--heaps", ",".join(map(str, heaps))] + (["--misere"] if misere else [])
    assert got == cli_json(*args)
    if misere:
        assert got == cli_json("misere", code, *map(str, heaps))


@pytest.mark.parametrize("spec, heaps, misere", [
    ([1, 3, 4], [3, 5, 9], False),
    ([1, 3, 4], [3, 5, 9], True),
    ("squares", [10, 20, 31], False),
    ([2, 3, 7], [10**18, 4], True),
])
def test_subtraction_sum_to_dict(cli_json, spec, heaps, misere):
    got = grundy.subtraction(spec, misere=misere).sum(heaps).to_dict()
    text = spec if isinstance(spec, str) else ",".join(map(str, spec))
    args = ["subtraction", "--set", text, "--heaps", ",".join(map(str, heaps))]
    assert got == cli_json(*(args + (["--misere"] if misere else [])))


def test_sum_attributes():
    s = grundy.octal("0.77").sum([3, 5, 9])
    assert (s.value, s.values, s.winner, s.rule) == (3, [3, 4, 4], "first", "normal")
    assert all(isinstance(mv, grundy.HeapSumMove) for mv in s.winning_moves)
    first = s.winning_moves[0]
    assert (first.heap, first.from_, first.take, first.to) == (0, 3, 1, [1, 1])
    assert first.to_dict() == s.to_dict()["winning_moves"][0]
    assert grundy.octal("0.77").winning_moves([3, 5, 9]) == s.winning_moves
    m = grundy.octal("0.77", misere=True).sum([4, 5])
    assert (m.value, m.winner, m.in_p_portion, m.winning_moves) == (None, "second", True, [])
    one = grundy.octal("0.77", misere=True).winning_moves([1, 1, 1, 2])
    assert [(mv.heap, mv.from_, mv.to) for mv in one] == [(3, 2, [])]
    assert "HeapSum(heaps=[3, 5, 9], rule='normal', value=3" in repr(s)


def _octal_options(code):
    """Options of one heap of an octal code (up to two parts), from the digits."""
    digits = [int(d) for d in code.split(".")[1]]

    @functools.lru_cache(maxsize=None)
    def options(n):
        out = set()
        for k, d in enumerate(digits, start=1):
            if k > n:
                break
            rest = n - k
            if d & 1 and rest == 0:
                out.add(())
            if d & 2 and rest > 0:
                out.add((rest,))
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    out.add((rest - a, a))
        return out

    return options


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.75", "0.123"])
def test_misere_sums_match_brute_force(code):
    """Every sum of up to three heaps of sizes <= 8: the winner and the set of winning moves."""
    options = _octal_options(code)

    @functools.lru_cache(maxsize=None)
    def mover_wins(position):  # position: a sorted tuple of non-empty heaps; misère play
        moves = [tuple(sorted(position[:i] + position[i + 1:] + o))
                 for i in range(len(position)) for o in options(position[i])]
        return not moves or any(not mover_wins(m) for m in moves)

    game = grundy.octal(code, misere=True)
    largest = 6 if code == "0.07" else 8
    for count in (1, 2, 3):
        for heaps in itertools.combinations_with_replacement(range(largest + 1), count):
            s = game.sum(list(heaps))
            pos = tuple(sorted(h for h in heaps if h))
            assert s.winner == ("first" if mover_wins(pos) else "second"), (code, heaps)
            expected = {(i, o) for i, h in enumerate(heaps) for o in options(h)
                        if not mover_wins(tuple(sorted(pos[:0] + tuple(
                            x for j, x in enumerate(heaps) if j != i and x) + o)))}
            got = {(mv.heap, tuple(sorted(mv.to, reverse=True))) for mv in s.winning_moves}
            assert got == {(i, tuple(sorted(o, reverse=True))) for i, o in expected}, (code, heaps)


@pytest.mark.parametrize("args", [["0.77"], ["0.75"], ["0.31"], ["0.07", "--max-heap", "20"],
                                  ["grundy", "--max-heap", "12"], ["0.75", "--table"]])
def test_quotient_to_dict(cli_json, args):
    max_heap = int(args[args.index("--max-heap") + 1]) if "--max-heap" in args else None
    q = grundy.octal(args[0]).misere_quotient(max_heap=max_heap)
    got = q.to_dict(table="--table" in args)
    cli = cli_json("misere", args[0], "--quotient", *args[1:])
    assert got == cli


def test_r8_published():
    """0.75's quotient is R8 = <a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>, P = {a, b^2}
    (Plambeck and Siegel; Siegel's classification of misère quotients)."""
    q = grundy.misere_quotient("0.75")
    assert q.order == 8 and q.proven and q.status == "proven"
    assert sorted(q.p_portion) == ["a", "b^2"]
    assert sorted(q.relations) == sorted(["a^2 = 1", "b^3 = b", "bc = ab", "c^2 = b^2"])
    assert [g["heap"] for g in q.generators] == [1, 2, 5]
    assert q.tame is False and q.tame_quotient is None
    assert q.element(10**18) == q.phi[8 + (10**18 - 8) % 2]
    assert repr(q) == "MisereQuotient(code='0.75', order=8, p_portion=2, status='proven')"


def test_quotient_observed_and_tame():
    d = grundy.octal("0.07").misere_quotient(max_heap=20)
    assert d.status == "observed to 20" and not d.proven and d.order % 2 == 0
    with pytest.raises(grundy.LimitError, match="a heap of 21 is beyond it"):
        d.element(21)
    t = grundy.octal("0.31").misere_quotient()
    assert t.tame and t.tame_quotient == "T2" and t.order == 6


MISERE_VALUES = {  # CGSuite's tables, heaps 0..20 (issue 24)
    "0.77": [1, 0, 2, 3, 0, 1, 3, 2, 1, 0, 2, 4, 0, 1, 2, 5, 1, 6, 3, 2, 0],
    "0.07": [1, 1, 0, 0, 2, 1, 3, 0, 0, 1, 1, 3, 0, 2, 1, 1, 0, 0, 2, 1, 3],
    "grundy": [1, 1, 1, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2],
}


@pytest.mark.parametrize("code", sorted(MISERE_VALUES))
def test_genus_misere_values(cli_json, code):
    g = grundy.octal(code).genus(21)
    assert g.misere_values == MISERE_VALUES[code]
    assert len(g) == 21 and g.to_dict() == cli_json("misere", code, "--genus", "--values", "21")


def test_genus_dawsons_chess_first_wild_heap():
    g = grundy.octal("0.137").genus(10)
    assert g.genus[9] == "3^1431"
    assert all(len(x.split("^")[1]) <= 3 for x in g.genus[:9])  # tame ones before it
    assert g.genus[0] == "0^120"


@pytest.mark.parametrize("call, cli", [
    (lambda: grundy.octal("0.77").sum([-1]), ["octal", "0.77", "--heaps", "-1"]),
    (lambda: grundy.octal("0.77").sum([2**62 + 1]), ["octal", "0.77", "--heaps", str(2**62 + 1)]),
    (lambda: grundy.octal("0.77").misere_quotient(max_order=2**21),
     ["misere", "0.77", "--quotient", "--max-order", str(2**21)]),
    (lambda: grundy.octal("0.77").genus(201), ["misere", "0.77", "--genus", "--values", "201"]),
    (lambda: grundy.octal("0.77").misere_quotient(resume=True),
     ["misere", "0.77", "--quotient", "--resume"]),
    (lambda: grundy.subtraction([1, 3, 4]).sum([-2]),
     ["subtraction", "--set", "1,3,4", "--heaps", "-2"]),
])
def test_errors_as_the_command_line(cli_error, call, cli):
    with pytest.raises(grundy.InputError) as e:
        call()
    assert str(e.value) == cli_error(*cli)


def test_errors_of_python_only():
    with pytest.raises(grundy.InputError, match="no heaps given"):
        grundy.octal("0.77").sum([])
    with pytest.raises(grundy.InputError, match="is not a whole number|expected"):
        grundy.octal("0.77").sum([1.5])
    with pytest.raises(grundy.LimitError, match="limited to 100000 heaps"):
        grundy.octal("0.77").sum([1] * 100_001)


def test_checkpoint_resume(tmp_path, cli_json):
    ck = tmp_path / "q.json"
    g = grundy.octal("4.07")
    first = g.misere_quotient(max_heap=20, checkpoint=str(ck))
    assert ck.exists()
    with pytest.raises(grundy.InputError, match="exists: add --resume"):
        g.misere_quotient(max_heap=20, checkpoint=str(ck))
    again = g.misere_quotient(max_heap=30, checkpoint=str(ck), resume=True)
    assert again.to_dict() == cli_json("misere", "4.07", "--quotient", "--max-heap", "30")
    assert first.computed_to == 20 and again.computed_to == 30


def test_ctrl_c_saves_the_checkpoint(tmp_path, interrupt_after, cli_json):
    """A quotient of minutes (4.07 to heap 200) stops at Ctrl-C with its checkpoint saved; the
    same call with resume=True goes on from it (here to a smaller goal, to stay quick)."""
    ck = tmp_path / "q.json"
    g = grundy.octal("4.07")
    interrupt_after(1.0)
    with pytest.raises(KeyboardInterrupt):
        g.misere_quotient(max_heap=200, checkpoint=str(ck))
    assert ck.exists()
    done = g.misere_quotient(max_heap=12, checkpoint=str(ck), resume=True)
    assert done.computed_to >= 12
