"""grundy.uttt: states against `grundy uttt show|perft|analyze|solve --json`, properties
(playouts end, notation round trip), the engines, threads, Ctrl-C, and bad input with the
command line's messages (play/undo and copies: test_boards.py)."""

import random
import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import uttt


def random_game(seed, rules="standard", plies=81):
    """The state after up to `plies` uniformly random moves (seeded)."""
    rng = random.Random(seed)
    s = uttt.State(rules=rules)
    for _ in range(plies):
        if s.is_over():
            break
        s.play(rng.choice(s.legal_moves()))
    return s


def finished_games(rules="standard"):
    """Random finished games: one won by X, one by O, one drawn (the first found by seed)."""
    found = {}
    seed = 0
    while len(found) < 3:
        s = random_game(seed, rules)
        found.setdefault(s.winner or "draw", s)
        seed += 1
    return found


X_WINS, O_WINS, DRAW = (finished_games()[k] for k in ("X", "O", "draw"))
# A game that ends with no line, X having won more small boards (tests/cli/cases/
# uttt_show_codingame_tie_break.cmd).
TIE_BREAK = ("b7 f2 i6 g9 b9 e8 f6 i7 i2 h5 e5 e4 d2 b4 f3 h8 d4 b2 a3 c9 f1 h2 i4 i1 g3 c8 h6 d7 "
             "a2 c4 h1 e3 f7 h3 f9 g2 a5 a4 c1 i3 b8 d1 b1 d3 e9 e7 e2 d8 c3 c2 g4 b3 d9 h4 e1 g6 "
             "g1 a1 g5 i5")

POSITIONS = [
    ("", "standard"),
    ("", "orlin"),
    ("e5 e4", "standard"),
    ("e5 e4 d2", "orlin"),
    ("E5, e4", "standard"),  # upper case and a comma, as the command line takes them
    (random_game(1, plies=30).moves, "standard"),
    (random_game(2, "orlin", plies=45).moves, "orlin"),
    (X_WINS.moves, "standard"),
    (O_WINS.moves, "standard"),
    (DRAW.moves, "standard"),
    ("e5 e4 d2", "codingame"),
    (TIE_BREAK, "codingame"),  # X wins on the tie-break, 3 boards to 2
    (TIE_BREAK, "standard"),   # the same game is a draw
]


def without_seconds(d):
    return {k: v for k, v in d.items() if k != "seconds"}


# ------------------------------------------------------------------ the command line's answers


@pytest.mark.parametrize("moves,rules", POSITIONS)
def test_show_is_the_command_lines(cli_json, cli_text, moves, rules):
    s = uttt.State(moves, rules=rules)
    args = ["uttt", "show", "--moves", moves, "--rules", rules]
    d = cli_json(*args)
    assert s.to_dict() == d
    assert str(s) == cli_text(*args)
    assert s.legal_moves() == d["legal_moves"]
    assert s.to_move == d["to_move"] and s.winner == d["winner"] and s.is_over() == d["over"]
    assert s.forced_board == d["forced_board"] and s.rules == rules


def test_codingame_rules_break_a_drawn_game_by_boards_won(cli_json):
    cg, std = uttt.State(TIE_BREAK, rules="codingame"), uttt.State(TIE_BREAK)
    d = cli_json("uttt", "show", "--moves", TIE_BREAK, "--rules", "codingame")
    x_boards, o_boards = cg.boards_won
    assert (x_boards, o_boards) == (3, 2) and cg.winner == "X" == d["winner"]
    assert cg.won_on == "tie-break" == d["won_on"] and cg.score == (1, 0)
    assert cg.returns() == [1.0, -1.0] and not cg.is_draw()
    assert std.is_draw() and std.winner is None and std.won_on is None
    assert X_WINS.won_on == "line"
    assert repr(cg).endswith("rules='codingame')")
    # codingame rules change only who wins: the same move counts as standard rules'.
    assert len(uttt.State("e5 e4", rules="codingame").legal_moves()) == 9


@pytest.mark.parametrize("moves,rules,depth", [("", "standard", 3), ("", "orlin", 3),
                                               ("", "codingame", 3),
                                               ("e5 e4 d2", "standard", 2),
                                               (random_game(3, plies=40).moves, "standard", 3)])
def test_perft_through_python(python_perft, cli_json, moves, rules, depth):
    s = uttt.State(moves, rules=rules)
    expected = cli_json("uttt", "perft", str(depth), "--moves", moves, "--rules", rules)
    assert python_perft(s, depth) == expected["sequences"]
    assert s.moves == uttt.State(moves, rules=rules).moves


def test_perft_published():
    # DESIGN.md: 81; 720; 6,336 from the empty board, under both rule sets.
    for rules in ("standard", "orlin"):
        s = uttt.State(rules=rules)
        counts = [len(s.legal_moves())]
        total2 = total3 = 0
        for a in s.legal_actions():
            s.apply_action(a)
            for b in s.legal_actions():
                s.apply_action(b)
                total2 += 1
                total3 += len(s.legal_actions())
                s.undo()
            s.undo()
        assert counts + [total2, total3] == [81, 720, 6336]


@pytest.mark.parametrize("engine,budget", [("mcts", 300), ("alphabeta", 2000), ("heuristic", 2000),
                                           ("random", 1)])
@pytest.mark.parametrize("moves", ["", "e5 e4", random_game(4, plies=20).moves])
def test_analyze_is_the_command_lines(cli_json, engine, budget, moves):
    a = uttt.State(moves).analyze(engine=engine, iterations=budget, seed=7)
    d = cli_json("uttt", "analyze", "--moves", moves, "--engine", engine, "--iterations",
                 str(budget), "--seed", "7")
    assert a.to_dict() == d
    assert a.best == d["best"] and a.engine == engine and a.to_move == d["to_move"]
    assert a.principal_variation == d["principal_variation"]
    assert a.result == d.get("result")
    assert a.best in uttt.State(moves).legal_moves() and "best=" in repr(a)


def late_positions():
    out = []
    for seed in range(40):
        s = random_game(seed, plies=52)
        if not s.is_over():
            out.append(s.moves)
        if len(out) == 3:
            return out
    return out


@pytest.mark.parametrize("moves", late_positions() + ["e5 e4"])
def test_solve_is_the_command_lines(cli_json, moves):
    r = uttt.State(moves).solve(nodes=20000, memory_mb=8)
    d = cli_json("uttt", "solve", "--moves", moves, "--nodes", "20000", "--memory", "8")
    assert without_seconds(r.to_dict()) == without_seconds(d)
    assert r.result == d["result"] and r.first_move == d["first_move"] and r.nodes == d["nodes"]
    assert r.proof_size == d["proof_size"] and r.to_move == d["to_move"] and not r.resumed
    assert "result=" in repr(r)


def test_solve_an_end_and_write_its_proof(cli_json, tmp_path):
    # One ply before X's winning move: X to move wins.
    s = X_WINS.copy()
    s.undo()
    r = s.solve(memory_mb=8, proof=str(tmp_path / "win.proof"))
    assert r.result == "win" and r.first_move in s.legal_moves()
    d = r.to_dict()
    assert d["proof_file"] == str(tmp_path / "win.proof") and d["proof_moves"] >= 1
    assert (tmp_path / "win.proof").read_text().startswith("grundy-uttt-proof 1\n")
    expected = cli_json("uttt", "solve", "--moves", s.moves, "--memory", "8", "--proof",
                        str(tmp_path / "cli.proof"))
    assert (tmp_path / "cli.proof").read_text() == (tmp_path / "win.proof").read_text()
    same_file = {"proof_file": "the same"}
    assert without_seconds(d) | same_file == without_seconds(expected) | same_file


def test_a_fresh_mcts_engine_chooses_what_analyze_says():
    for moves in ["", "e5 e4", random_game(5, plies=25).moves]:
        s = uttt.State(moves)
        best = s.analyze(iterations=400, seed=11).best
        assert uttt.Engine("mcts", iterations=400, seed=11).choose(s) == best


@pytest.mark.parametrize("engine", ["mcts", "alphabeta", "heuristic", "random"])
def test_engines_play_whole_games(engine):
    x = uttt.Engine(engine, iterations=150, seed=1)
    o = uttt.Engine("mcts", iterations=150, seed=2)
    s = uttt.State()
    for _ in range(81):
        if s.is_over():
            break
        bot = x if s.to_move == "X" else o
        if s.current_player() == 0:
            s.play(bot.choose(s))
        else:
            a = bot.step(s)
            assert a in s.legal_actions()
            s.apply_action(a)
    assert s.is_over() and len(s.history()) <= 81
    with pytest.raises(grundy.InputError, match="the game is over"):
        x.choose(s)
    assert repr(x).startswith("grundy.uttt.Engine('%s'" % engine) and x.name == engine


def test_the_mcts_engine_follows_the_game():
    # Moves played since its last choice are observed (its tree is kept); any other position
    # restarts it from scratch, so it then chooses as a fresh engine does.
    e = uttt.Engine("mcts", iterations=300, seed=5)
    s = uttt.State()
    for _ in range(6):
        s.play(e.choose(s))
    other = uttt.State("a1 b2")
    assert e.choose(other) == uttt.Engine("mcts", iterations=300, seed=5).choose(other)


# ------------------------------------------------------------------------------- properties


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["standard", "orlin"]))
def test_random_playouts_end_within_81_moves(seed, rules):
    rng = random.Random(seed)
    s = uttt.State(rules=rules)
    for _ in range(81):
        if s.is_over():
            break
        assert s.current_player() == (0 if s.to_move == "X" else 1)
        s.apply_action(rng.choice(s.legal_actions()))
    assert s.is_over() and s.is_terminal() and s.legal_moves() == [] and s.current_player() == -4
    w = s.winner
    assert s.is_draw() == (w is None)
    assert s.returns() == {"X": [1, -1], "O": [-1, 1], None: [0, 0]}[w]
    assert s.score == {"X": (1, 0), "O": (0, 1), None: (0, 0)}[w]
    x, o = s.boards_won
    assert x + o <= 9
    with pytest.raises(grundy.InputError, match="the game is over"):
        s.play(rng.randrange(81))


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**32), st.sampled_from(["standard", "orlin"]),
       st.integers(min_value=0, max_value=81))
def test_notation_round_trips(seed, rules, plies):
    s = random_game(seed, rules, plies)
    for again in (uttt.State(s.moves, rules=rules), uttt.State(s.history(), rules=rules),
                  uttt.State(s.moves.upper().replace(" ", ","), rules=rules)):
        assert again == s and again.moves == s.moves and str(again) == str(s)
    assert eval(repr(s), {"grundy": grundy}).to_dict() == s.to_dict()
    for a in range(81):
        assert s.string_to_action(s.action_to_string(a)) == a
    assert s.legal_moves() == [s.action_to_string(a) for a in s.legal_actions()]


def test_action_ids():
    s = uttt.State()
    # 9 * board + cell, both numbered row by row: e5 is cell 4 of board 4, i9 cell 8 of board 8.
    cells = ("a1", "c1", "d1", "a4", "e5", "i9")
    assert [s.string_to_action(c) for c in cells] == [0, 2, 9, 27, 40, 80]
    assert s.action_to_string(1, 40) == "e5"
    assert s.legal_actions() == list(range(81))


def test_pictures_and_attributes():
    s = uttt.State("e5 e4")
    svg = s._repr_svg_()
    assert svg.startswith("<svg") and svg == s.svg()
    assert repr(s) == "grundy.uttt.State(moves='e5 e4')"
    assert repr(uttt.State(rules="orlin")) == "grundy.uttt.State(rules='orlin')"
    assert (s.to_move, s.winner, s.score, s.boards_won) == ("X", None, (0, 0), (0, 0))
    assert s.forced_board == "the top board (d1-f3)" and s.returns() == [0, 0]
    with pytest.raises(TypeError):
        hash(s)


# ------------------------------------------------------------------- threads, memory, Ctrl-C


def test_engines_think_in_two_threads_at_once():
    out = {}
    s = uttt.State("e5 e4")

    def work(name, call):
        out[name] = call()

    calls = {
        "engine": lambda: uttt.Engine("mcts", iterations=3000, seed=3).choose(s),
        "analyze": lambda: s.analyze(iterations=3000, seed=3).best,
        "solve": lambda: random_game(0, plies=60).solve(memory_mb=8, nodes=50_000).result,
    }
    threads = [threading.Thread(target=work, args=item) for item in calls.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out["engine"] == out["analyze"] == s.analyze(iterations=3000, seed=3).best
    assert out["solve"] in ("win", "draw", "loss", "unknown")


@pytest.mark.parametrize("call", [
    lambda s: s.solve(memory_mb=16),
    lambda s: s.analyze(ms=10**6),
    lambda s: s.analyze(engine="alphabeta", ms=10**6),
    lambda s: uttt.Engine("mcts", ms=10**6, threads=2).choose(s),
])
def test_ctrl_c_stops_a_long_call_and_the_state_stays_usable(interrupt_after, call):
    s = uttt.State("e5")
    interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        call(s)  # hours of work (the standard game is unsolved): only the interrupt ends it
    assert s.moves == "e5" and len(s.legal_moves()) == 8
    assert s.analyze(iterations=100).best in s.legal_moves()


# ------------------------------------------------------------------------------ bad input


@pytest.mark.parametrize("rules", ["nope", "", "Standard"])
def test_bad_rules(cli_error, rules):
    with pytest.raises(grundy.InputError) as e:
        uttt.State(rules=rules)
    assert str(e.value) == cli_error("uttt", "show", "--rules", rules)


@pytest.mark.parametrize("moves", ["e5 e5", "e5 a1", "zz", "e5 e4 e10", "e5,,e4 j1", "e5 é",
                                   X_WINS.moves + " a1", DRAW.moves + " e5"])
def test_bad_moves(cli_error, moves):
    with pytest.raises(grundy.InputError) as e:
        uttt.State(moves)
    assert str(e.value) == cli_error("uttt", "show", "--moves", moves)


@pytest.mark.parametrize("history,move", [
    ("e5", "e5"), ("e5", "a1"), ("e5 e4", "zz"), ("", "e10"), (X_WINS.moves, "a1"),
    (O_WINS.moves, "i9"), (DRAW.moves, "e5"),
])
def test_bad_play_has_the_command_lines_message(cli_error, history, move):
    s = uttt.State(history)
    before = s.to_dict()
    with pytest.raises(grundy.InputError) as e:
        s.play(move)
    assert str(e.value) == cli_error("uttt", "show", "--moves", (history + " " + move).strip())
    assert s.to_dict() == before


def test_bad_actions(cli_error):
    s = uttt.State("e5")
    with pytest.raises(grundy.InputError) as e:
        s.play(40)  # e5 again
    assert str(e.value) == cli_error("uttt", "show", "--moves", "e5 e5")
    with pytest.raises(grundy.InputError) as e:
        s.apply_action(0)  # a1, outside the forced board
    assert str(e.value) == cli_error("uttt", "show", "--moves", "e5 a1")
    with pytest.raises(grundy.InputError, match="action '81' is above 80"):
        s.play(81)
    with pytest.raises(grundy.InputError, match="action '-1' is negative"):
        s.apply_action(-1)
    for bad in (True, None, 4.0, ["e4"], b"e4"):
        with pytest.raises(grundy.InputError):
            s.play(bad)
    with pytest.raises(grundy.InputError, match="2 moves"):
        s.play("e4 e6")
    with pytest.raises(grundy.InputError, match="unknown move 'k1'"):
        s.string_to_action("k1")
    with pytest.raises(grundy.InputError, match="move 2 '81' is above 80"):
        uttt.State([40, 81])
    with pytest.raises(grundy.InputError, match="expected a str"):
        uttt.State(rules=1)
    assert s.moves == "e5"
    s.undo()
    with pytest.raises(grundy.InputError, match="no move to take back"):
        s.undo()


def test_finished_games_refuse_analysis(cli_error):
    for s in (X_WINS, O_WINS, DRAW):
        with pytest.raises(grundy.InputError) as e:
            s.analyze(iterations=10)
        assert str(e.value) == cli_error("uttt", "analyze", "--moves", s.moves)
        with pytest.raises(grundy.InputError) as e:
            s.solve(nodes=10)
        assert str(e.value) == cli_error("uttt", "solve", "--moves", s.moves)


def test_bad_engines_and_budgets(cli_error):
    s = uttt.State()
    with pytest.raises(grundy.InputError) as e:
        s.analyze(engine="nope")
    assert str(e.value) == cli_error("uttt", "analyze", "--engine", "nope")
    with pytest.raises(grundy.InputError) as e:
        uttt.Engine("nope")
    assert str(e.value) == cli_error("uttt", "analyze", "--engine", "nope")
    for threads in (0, 65):
        with pytest.raises(grundy.InputError) as e:
            s.analyze(threads=threads)
        assert str(e.value) == cli_error("uttt", "analyze", "--threads", str(threads))
    with pytest.raises(grundy.InputError) as e:
        s.solve(memory_mb=0)
    assert str(e.value) == cli_error("uttt", "solve", "--memory", "0")
    with pytest.raises(grundy.InputError) as e:
        s.solve(nodes=2**51)
    assert str(e.value) == cli_error("uttt", "solve", "--nodes", str(2**51))
    with pytest.raises(grundy.InputError) as e:
        s.solve(nodes=10, memory_mb=8, opening="edge")
    assert str(e.value) == cli_error("uttt", "solve", "--nodes", "10", "--memory", "8",
                                     "--opening", "edge")
    for bad in (0, -1, float("nan"), float("inf"), "100", True, 1e12):
        with pytest.raises(grundy.InputError, match="--ms"):
            s.analyze(ms=bad)
        with pytest.raises(grundy.InputError, match="--ms"):
            uttt.Engine("mcts", ms=bad)
        with pytest.raises(grundy.InputError, match="--seconds"):
            s.solve(seconds=bad)
    for bad in (0, -5, 2.5, 10**13):
        with pytest.raises(grundy.InputError, match="--iterations"):
            s.analyze(iterations=bad)
    with pytest.raises(grundy.InputError, match="--seed '-1' is negative"):
        uttt.Engine("mcts", seed=-1)
    with pytest.raises(grundy.InputError, match="needs checkpoint"):
        s.solve(checkpoint_every=10)
