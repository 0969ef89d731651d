"""grundy.dots: states against `grundy dots show|solve|analyze|move --json`, properties
(playouts end, notation round trip), the engines, threads, Ctrl-C, and bad input with the
command line's messages (play/undo and copies: test_boards.py)."""

import random
import re
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import dots

FULL_2X2 = "a1b1 b1c1 a2b2 b2c2 a3b3 b3c3 a1a2 b1b2 c1c2 a2a3 b2b3 c2c3"

POSITIONS = [
    ("2x2", ""),
    ("2x2", "a1b1 a1a2 b1b2"),
    ("2x2", "a1b1 a1a2 b1b2 a2b2"),  # player 2 completes a box and moves again
    ("2x2", FULL_2X2),  # over
    ("1x3", "a1b1 b1c1"),
    ("3x3", "a1b1 b2b3 c1c2 a3a4 d2d3 b4c4"),
    ("3x3", "a1b1 b1c1 c1d1 a2b2 b2c2 c2d2 a3b3 b3c3 c3d3 a4b4 b4c4 c4d4"),
    ("2x3", "A1B1, a2A1 b2b3"),  # upper case, commas, a line named bottom-up
    ("4x5", "a1b1 e1e2"),
]

# Positions small enough for the exact solver in a fraction of a second.
SOLVABLE = [p for p in POSITIONS if p[0] in ("2x2", "1x3")] + [
    ("3x3", "a1b1 b1c1 c1d1 a2b2 b2c2 c2d2 a3b3 b3c3 c3d3 a4b4 b4c4 c4d4"),
    ("3x3", "a1a2 b1b2 c1c2 d1d2 a2a3 b2b3 c2c3 d2d3 a3a4 b3b4 c3c4 d3d4 a1b1 c4d4"),
]


def state_of(size, moves):
    return dots.State(size, moves=moves)


def random_state(rng, size="2x3", plies=None):
    s = dots.State(size)
    n = rng.randrange(len(s.legal_moves()) + 1) if plies is None else plies
    for _ in range(n):
        if s.is_over():
            break
        s.play(rng.choice(s.legal_moves()))
    return s


def without_seconds(d):
    return {k: v for k, v in d.items() if k != "seconds"}


# ------------------------------------------------------------------ the command line's answers


@pytest.mark.parametrize("size,moves", POSITIONS)
def test_show_is_the_command_lines(cli_json, cli_text, size, moves):
    s = state_of(size, moves)
    assert s.to_dict() == cli_json("dots", "show", size, "--moves", moves)
    assert s.to_dict(explain=True) == cli_json("dots", "show", size, "--moves", moves, "--explain")
    assert str(s) == cli_text("dots", "show", size, "--moves", moves)
    assert s.explain() == s.to_dict(explain=True)["strings_and_coins"]


@pytest.mark.parametrize("size,moves", SOLVABLE)
def test_solve_is_the_command_lines(cli_json, size, moves):
    r = state_of(size, moves).solve()
    expected = cli_json("dots", "solve", size, "--moves", moves)
    assert without_seconds(r.to_dict()) == without_seconds(expected)
    assert r.complete and r.value == expected["value"] and r.best == expected["best"]
    assert r.lower == r.upper == r.value
    assert "value=" in repr(r)


def test_solve_values_published():
    # DESIGN.md: 3x3 from the empty board is -3 for the first player (every first move).
    r = dots.State("3x3").solve()
    assert r.value == -3 and len(r.best) == 24
    assert dots.State("1x3").solve().value == -1
    assert dots.State("1x4").solve().value == 0


def test_solve_with_a_budget_gives_bounds(cli_json):
    r = dots.State("4x4").solve(seconds=0.2, threads=1, table_mb=16)
    assert not r.complete and r.lower <= r.upper
    d = r.to_dict()
    assert d["complete"] is False and d["lower"] == r.lower and d["upper"] == r.upper
    assert "complete=False" in repr(r)


@pytest.mark.parametrize("size,moves", [
    ("2x2", "a1b1 a1a2 b1b2"),
    ("3x3", "a1b1 b2b3 c1c2 a3a4 d2d3 b4c4"),
    ("3x3", "a1b1 b1c1 c1d1 a2b2 b2c2 c2d2 a3b3 b3c3 c3d3 a4b4 b4c4 c4d4"),
    ("2x2", FULL_2X2),
])
def test_analyze_is_the_command_lines(cli_json, size, moves):
    # A budget the solver never needs here (it takes milliseconds), so that a loaded machine
    # cannot make one side stop early.
    a = state_of(size, moves).analyze(seconds=30)
    expected = cli_json("dots", "analyze", size, "--moves", moves, "--seconds", "30")
    assert a.to_dict() == expected
    assert a.chains == expected["chains"] and a.moves == expected["moves"]
    assert a.long_chains == expected["long_chains"] and a.loops == expected["loops"]
    assert a.nimstring == expected["nimstring"]
    assert a.favours == expected["long_chain_rule"]["favours"]
    if expected.get("advice"):
        assert a.advice == expected["advice"]["line"]
        assert a.advice_reason == expected["advice"]["reason"]
    if expected["solver"]:
        assert a.value == expected["solver"]["value"] and a.best == expected["solver"]["best"]


def test_analyze_without_the_solver(cli_json):
    s = state_of("2x3", "a1b1 b2b3")
    assert s.analyze(seconds=0).to_dict() == cli_json("dots", "analyze", "2x3", "--moves",
                                                      "a1b1 b2b3", "--seconds", "0")
    assert s.analyze(seconds=0).value is None


@pytest.mark.parametrize("engine", ["random", "greedy", "control", "perfect"])
@pytest.mark.parametrize("size,moves", [("2x2", "a1b1"), ("3x3", "a1b1 b2b3 c1c2 a3a4 d2d3 b4c4")])
def test_a_fresh_engine_moves_as_the_command_line(cli_json, engine, size, moves):
    s = state_of(size, moves)
    line = dots.Engine(engine, seed=5, seconds=30).choose(s)  # perfect: ample time to solve
    assert line == cli_json("dots", "move", size, "--moves", moves, "--engine", engine,
                            "--seed", "5", "--seconds", "30")["move"]
    assert line in s.legal_moves()


@pytest.mark.parametrize("engine", ["random", "greedy", "control", "perfect"])
def test_engines_play_whole_games(engine):
    e = dots.Engine(engine, seed=3, seconds=0.5)
    s = dots.State("2x3")
    for _ in range(len(s.legal_actions())):
        if s.is_over():
            break
        if s.current_player() == 0:
            a = e.step(s)
            assert a in s.legal_actions()
            s.apply_action(a)
        else:
            s.play(e.choose(s))
    assert s.is_over() and sum(s.score) == 6
    with pytest.raises(grundy.InputError, match="the game is over"):
        e.choose(s)
    assert repr(e).startswith("grundy.dots.Engine('%s'" % engine) and e.name == engine


def test_engine_follows_a_new_game_afresh():
    # An engine asked about another game starts afresh: its choice equals a fresh engine's.
    e = dots.Engine("random", seed=9)
    for moves in ["a1b1", "b1c1", "a1b1 a2b2", "b2c2", ""]:
        s = state_of("2x2", moves)
        assert e.choose(s) == dots.Engine("random", seed=9).choose(s)


# ------------------------------------------------------------------------------- properties


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["1x2", "2x2", "3x3", "2x5"]))
def test_random_playouts_end_within_the_number_of_lines(seed, size):
    rng = random.Random(seed)
    s = dots.State(size)
    lines = len(s.legal_moves())
    for _ in range(lines):
        assert not s.is_over() and s.current_player() in (0, 1)
        s.apply_action(rng.choice(s.legal_actions()))
    assert s.is_over() and s.is_terminal() and s.legal_moves() == [] and s.legal_actions() == []
    assert s.current_player() == -4
    assert sum(s.score) == s.rows * s.cols
    p1, p2 = s.score
    assert s.winner == (None if p1 == p2 else 1 if p1 > p2 else 2)
    sign = (p1 > p2) - (p1 < p2)
    assert s.returns() == [sign, -sign] and s.returns(margin=True) == [p1 - p2, p2 - p1]


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_notation_round_trips(seed):
    rng = random.Random(seed)
    s = random_state(rng, "3x4")
    for again in (dots.State(s.size, moves=s.moves), dots.State(s.size, moves=s.history()),
                  dots.State(s.size, moves=s.moves.split())):
        assert again == s and again.moves == s.moves and again.to_dict() == s.to_dict()
    assert eval(repr(s), {"grundy": grundy}) == s
    lines = 4 * 4 + 3 * 5  # 3x4: four rows of 4 horizontal lines, three of 5 vertical ones
    for a in range(lines):
        assert s.string_to_action(s.action_to_string(a)) == a
        assert s.action_to_string(0, a) == s.action_to_string(a)
    # legal lines are exactly the lines not drawn, in action order
    drawn = set(s.to_dict()["drawn"])
    names = [s.action_to_string(a) for a in range(lines)]
    assert s.legal_moves() == [n for n in names if n not in drawn]
    assert s.legal_moves() == [s.action_to_string(a) for a in s.legal_actions()]


def test_legal_moves_against_the_command_line(cli_json):
    rng = random.Random(4)
    for _ in range(4):
        s = random_state(rng, "3x3")
        drawn = cli_json("dots", "show", "3x3", "--moves", s.moves)["drawn"]
        all_lines = dots.State("3x3").legal_moves()
        assert s.legal_moves() == [x for x in all_lines if x not in drawn]


def test_actions_are_openspiels_numbering():
    # OpenSpiel's dots_and_boxes: horizontal lines row by row, then vertical lines row by row.
    s = dots.State("2x3")
    names = [s.action_to_string(a) for a in s.legal_actions()]
    assert names[:9] == ["a1b1", "b1c1", "c1d1", "a2b2", "b2c2", "c2d2", "a3b3", "b3c3", "c3d3"]
    assert names[9:] == ["a1a2", "b1b2", "c1c2", "d1d2", "a2a3", "b2b3", "c2c3", "d2d3"]


def test_perft_2x2(python_perft):
    s = dots.State("2x2")
    # The game ends only when every line is drawn: 12 * 11 * ... sequences.
    assert [python_perft(s, d) for d in range(5)] == [1, 12, 132, 1320, 11880]
    assert s.moves == "" and s.to_dict() == dots.State("2x2").to_dict()


def test_a_completed_box_scores_and_moves_again():
    # Of the 11880 four-line openings of 2x2, 4 boxes x 4! orders draw one box's four sides;
    # then player 2 (who drew the fourth) owns it and moves again.
    s = dots.State("2x2")
    boxes = 0

    def walk(depth):
        nonlocal boxes
        if depth == 4:
            if s.score != (0, 0):
                assert s.score == (0, 1) and s.to_move == 2
                boxes += 1
            return
        for m in s.legal_moves():
            s.play(m)
            walk(depth + 1)
            s.undo()

    walk(0)
    assert boxes == 4 * 24


def test_pictures():
    s = dots.State("2x2", moves="a1b1 a1a2 b1b2 a2b2")
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and "player 2 to move" in svg
    marked = s.svg(marked=["b1c1", 5])
    assert marked.startswith("<svg") and marked != svg
    assert s.svg(marked="b1c1 c1c2").startswith("<svg")


def test_attributes():
    s = dots.State("2x3", moves="a1b1 a1a2 b1b2 a2b2")
    assert (s.size, s.rows, s.cols, s.to_move, s.score, s.winner) == ("2x3", 2, 3, 2, (0, 1), None)
    assert s.current_player() == 1 and s.returns() == [0, 0]
    assert repr(s) == "grundy.dots.State('2x3', moves='a1b1 a1a2 b1b2 a2b2')"
    assert repr(dots.State()) == "grundy.dots.State('3x3')"
    with pytest.raises(TypeError):
        hash(s)


# ------------------------------------------------------------------- threads, memory, Ctrl-C


def test_two_threads_solve_at_once():
    out = {}

    def work(size):
        out[size] = dots.State(size).solve(threads=1).value

    threads = [threading.Thread(target=work, args=(size,)) for size in ("3x3", "2x2", "1x3")]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == {"3x3": -3, "2x2": 2, "1x3": -1}


def test_ctrl_c_stops_a_long_solve_and_the_state_stays_usable(interrupt_after):
    s = dots.State("5x5", moves="a1b1")
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        s.solve(threads=1, table_mb=16)  # hours of work: only the interrupt ends it early
    assert s.moves == "a1b1" and len(s.legal_moves()) == 59
    s.play("b1c1")
    assert s.undo() == "b1c1"


def test_ctrl_c_stops_the_perfect_engine(interrupt_after):
    s = dots.State("5x5")
    e = dots.Engine("perfect", seconds=3600)
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        e.choose(s)
    assert dots.Engine("greedy").choose(s) in s.legal_moves()


# ------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize("size", ["0x3", "3x", "x3", "8x9", "abc", "3x3x3", "1x43", "", "٣x٣"])
def test_bad_sizes(cli_error, size):
    with pytest.raises(grundy.InputError) as e:
        dots.State(size)
    assert str(e.value) == cli_error("dots", "show", size)


@pytest.mark.parametrize("moves", ["a1b1 a1b1", "a1c1", "a1b1 z9z10", "a1b1, b1a1", "a1", "é",
                                   "a1b1 b1b2 " * 3, "d1d2"])
def test_bad_moves(cli_error, moves):
    with pytest.raises(grundy.InputError) as e:
        dots.State("2x2", moves=moves)
    assert str(e.value) == cli_error("dots", "show", "2x2", "--moves", moves)


@pytest.mark.parametrize("history,move", [
    ("a1b1", "a1b1"), ("a1b1", "b1a1"), ("a1b1 a1a2", "a1c1"), ("", "zz"), ("a1b1", "d9d10"),
    (FULL_2X2, "a1b1"),  # after the end
])
def test_bad_play_has_the_command_lines_message(cli_error, history, move):
    s = dots.State("2x2", moves=history)
    before = s.to_dict()
    with pytest.raises(grundy.InputError) as e:
        s.play(move)
    together = (history + " " + move).strip()
    assert str(e.value) == cli_error("dots", "show", "2x2", "--moves", together)
    assert s.to_dict() == before


def test_bad_actions(cli_error):
    s = dots.State("2x2", moves="a1b1")
    with pytest.raises(grundy.InputError) as e:
        s.play(0)  # a1b1 again
    assert str(e.value) == cli_error("dots", "show", "2x2", "--moves", "a1b1 a1b1")
    with pytest.raises(grundy.InputError, match="action '12' is above 11"):
        s.apply_action(12)
    with pytest.raises(grundy.InputError, match="action '-1' is negative"):
        s.play(-1)
    with pytest.raises(grundy.InputError, match="expected an action id"):
        s.apply_action("a1b1")
    for bad in (True, None, 1.0, [0], b"a1b1"):
        with pytest.raises(grundy.InputError):
            s.play(bad)
    with pytest.raises(grundy.InputError, match="2 moves"):
        s.play("b1c1 a2b2")
    with pytest.raises(grundy.InputError, match="empty item"):
        s.play(" , ")
    with pytest.raises(grundy.InputError, match="action '99' is above 11"):
        s.action_to_string(99)
    with pytest.raises(grundy.InputError, match="not adjacent"):
        s.string_to_action("a1c1")
    with pytest.raises(grundy.InputError, match="expected"):
        s.action_to_string(0, 1, 2)
    with pytest.raises(grundy.InputError, match="move 2 '-1' is negative"):
        dots.State("2x2", moves=[0, -1])
    with pytest.raises(grundy.InputError, match="moves: expected"):
        dots.State("2x2", moves=5)
    with pytest.raises(grundy.InputError, match="size: expected a str"):
        dots.State(3)
    assert s.moves == "a1b1"


def test_undo_on_an_empty_history():
    s = dots.State("2x2")
    with pytest.raises(grundy.InputError, match="no move to take back"):
        s.undo()
    s.play("a1b1")
    s.undo()
    with pytest.raises(grundy.InputError, match="no move to take back"):
        s.undo()


def test_bad_engines_and_budgets(cli_error):
    with pytest.raises(grundy.InputError) as e:
        dots.Engine("nope")
    assert str(e.value) == cli_error("dots", "move", "2x2", "--engine", "nope")
    with pytest.raises(grundy.InputError) as e:
        dots.Engine("control", seed=-1)
    assert str(e.value) == cli_error("dots", "move", "2x2", "--seed", "-1")
    s = dots.State("2x2")
    with pytest.raises(grundy.InputError) as e:
        s.solve(threads=0)
    assert str(e.value) == cli_error("dots", "solve", "2x2", "--threads", "0")
    with pytest.raises(grundy.InputError) as e:
        s.solve(threads=65)
    assert str(e.value) == cli_error("dots", "solve", "2x2", "--threads", "65")
    with pytest.raises(grundy.InputError) as e:
        s.solve(table_mb=0)
    assert str(e.value) == cli_error("dots", "solve", "2x2", "--table-mb", "0")
    for bad in (-1, 0, float("nan"), float("inf"), "1", True, 1e9):
        with pytest.raises(grundy.InputError, match="--seconds"):
            s.solve(seconds=bad)
        with pytest.raises(grundy.InputError, match="--seconds"):
            dots.Engine("perfect", seconds=bad)
    for bad in (-1, float("nan"), "2", 10**6):
        with pytest.raises(grundy.InputError, match="--seconds"):
            s.analyze(seconds=bad)
    with pytest.raises(grundy.InputError, match="needs checkpoint"):
        s.solve(resume=True)
    with pytest.raises(grundy.InputError, match="needs checkpoint"):
        s.solve(checkpoint_every=5)
    with pytest.raises(grundy.InputError, match="needs checkpoint"):
        s.solve(checkpoint_entries=5)
    for bad in (0, -1, 2**34 + 1, 1.5, "5"):
        with pytest.raises(grundy.InputError, match="--checkpoint-entries"):
            s.solve(checkpoint="never-written.ckpt", checkpoint_entries=bad)


# ------------------------------------------------------------------ checkpoints


def test_checkpoint_is_the_command_lines(cli_json, cli_error, tmp_path):
    path = str(tmp_path / "run.ckpt")
    s = dots.State("4x4", moves="a1b1")
    r = s.solve(seconds=0.3, threads=1, table_mb=64, checkpoint=path)
    assert not r.complete
    summary = dots.checkpoint(path)
    assert summary == cli_json("dots", "checkpoint", path)
    assert summary["board"] == "4x4" and summary["drawn"] == ["a1b1"] and summary["to_move"] == 2
    assert summary["entries"] == sum(w["entries"] for w in summary["by_weight"]) > 100
    assert summary["version"] == 3 and summary["keys_match"] is True
    assert len(summary["keys"]) == 16 and int(summary["keys"], 16) != 0
    small = str(tmp_path / "small.ckpt")
    kept = dots.checkpoint(path, keep=50, out=small)
    by_cli = cli_json("dots", "checkpoint", path, "--keep", "50", "--out", str(tmp_path / "c.ckpt"))
    assert kept["kept"]["file"] == small
    kept["kept"]["file"] = by_cli["kept"]["file"]
    assert kept == by_cli
    assert 0 < kept["kept"]["entries"] <= 50
    assert dots.checkpoint(small)["entries"] == kept["kept"]["entries"]
    assert open(small, "rb").read() == open(by_cli["kept"]["file"], "rb").read()
    # The copy resumes the same solve.
    again = s.solve(seconds=0.3, threads=1, table_mb=64, checkpoint=small, resume=True)
    assert again.to_dict()["nodes_before_resume"] == summary["nodes"]

    with pytest.raises(grundy.InputError, match="keep= needs out=FILE"):
        dots.checkpoint(path, keep=5)
    with pytest.raises(grundy.InputError, match="out= needs keep=N"):
        dots.checkpoint(path, out=small)
    for bad in (0, -1, 2**34 + 1, 1.5, "5"):
        with pytest.raises(grundy.InputError, match="--keep"):
            dots.checkpoint(path, keep=bad, out=small)
    message = cli_error("dots", "checkpoint", path, "--keep", "0", "--out", small)
    with pytest.raises(grundy.InputError, match=message):
        dots.checkpoint(path, keep=0, out=small)
    missing = str(tmp_path / "none.ckpt")
    message = cli_error("dots", "checkpoint", missing)
    with pytest.raises(grundy.InputError, match=message):
        dots.checkpoint(missing)
    # What the table proves about each line of a position: the command line's answer (the
    # library's test checks the bounds against solves).
    at = dots.checkpoint(path, moves="a1b1 c3c4")
    assert at == cli_json("dots", "checkpoint", path, "--moves", "a1b1 c3c4")
    assert at["position"] == {"drawn": ["a1b1", "c3c4"], "to_move": 1, "open": 16}
    assert len(at["lines"]) == 38
    for line in at["lines"]:
        assert -16 <= line["lower"] <= line["upper"] <= 16, line
        assert line["known"] or (line["lower"], line["upper"]) == (-16, 16), line
    deeper = dots.checkpoint(path, moves="a1b1 c3c4", replies=True)
    assert deeper == cli_json("dots", "checkpoint", path, "--moves", "a1b1 c3c4", "--replies")
    assert [len(line["replies"]) for line in deeper["lines"]] == [37] * 38
    assert [{k: v for k, v in line.items() if k != "replies"} for line in deeper["lines"]] == at["lines"]
    with pytest.raises(grundy.InputError, match="replies=True needs moves"):
        dots.checkpoint(path, replies=True)
    with pytest.raises(grundy.InputError, match="every line drawn there"):
        dots.checkpoint(path, moves="")
    message = cli_error("dots", "checkpoint", path, "--moves", "a1b1 zz")
    with pytest.raises(grundy.InputError, match=re.escape(message)):
        dots.checkpoint(path, moves="a1b1 zz")
    with pytest.raises(grundy.InputError, match="one at a time"):
        dots.checkpoint(path, moves="a1b1", keep=5, out=small)
    with open(path, "r+b") as f:
        f.seek(300)
        f.write(b"\x00\xff")
    before = open(small, "rb").read()
    with pytest.raises(grundy.InputError, match="damaged|wrong length"):
        dots.checkpoint(path, keep=5, out=small)
    assert open(small, "rb").read() == before  # nothing written
