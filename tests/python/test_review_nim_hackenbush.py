"""Post-game analysis of Nim and Hackenbush through Python equals `grundy nim|hackenbush
analyze-game --json`."""

import pytest

import grundy

RECORD = """# grundy game record
# Game: Hackenbush (blue, green, red)
# First: red
# edge 0 1 g
# edge 1 2 b
# edge 0 3 g
# edge 0 4 b
# edge 4 5 g
# edge 4 6 r
e5 e1 e0
"""
EDGES = [(0, 1, "g"), (1, 2, "b"), (0, 3, "g"), (0, 4, "b"), (4, 5, "g"), (4, 6, "r")]


@pytest.mark.parametrize("heaps,moves,misere", [
    ([3, 4, 5], "h1-1 h2-3 h3-2", False),
    ([1, 1, 2], "h3-2 h1-1 h2-1", True),
])
def test_nim_review_is_the_command_lines(cli_json, heaps, moves, misere):
    r = grundy.nim(heaps, misere=misere).analyze_game(moves)
    args = ["nim", "analyze-game", *map(str, heaps), "--moves", moves] + (["--misere"] if misere else [])
    assert r.to_dict() == cli_json(*args)
    assert [m.move for m in r.moves] == moves.split()
    for m in r.moves:
        assert m.mistake == (m.value_before != 0 and m.value_after != 0)
    assert grundy.nim(heaps, misere=misere).analyze_game(moves.split()).to_dict() == r.to_dict()


def test_nim_review_reads_a_record():
    record = "# grundy game record\n# Heaps: 3 4 5\n# Rule: normal\nh1-1 h2-3\n"
    r = grundy.nim([3, 4, 5]).analyze_game(record)
    assert len(r) == 2 and [m.mistake for m in r.moves] == [True, True]
    assert r.moves[0].best == ["h1-2"]
    with pytest.raises(grundy.InputError, match="other heaps"):
        grundy.nim([3, 4]).analyze_game(record)


def test_hackenbush_review_is_the_command_lines(cli_json):
    h = grundy.hackenbush(EDGES)
    r = h.analyze_game("e5 e1 e0", first="red")
    cli = cli_json("hackenbush", "analyze-game", "--moves", RECORD)
    assert r.to_dict() == cli
    assert h.analyze_game(RECORD).to_dict() == cli
    assert h.analyze_game(["e5", "e1", "e0"], first="red").to_dict() == cli
    for m in r.moves:
        assert m.mistake == (m.wins_before and not m.wins_after)
    g = grundy.hackenbush(string="ee(e;eee)").analyze_game("e2 e0")
    assert g.to_dict() == cli_json("hackenbush", "analyze-game", "--string", "ee(e;eee)",
                                   "--moves", "e2 e0")
    assert [m.move for m in g.mistakes()] == ["e2"]


def test_review_errors_are_the_command_lines(cli_error):
    with pytest.raises(grundy.InputError) as e:
        grundy.nim([3, 4, 5]).analyze_game("h1-1 h1-3")
    assert str(e.value) == cli_error("nim", "analyze-game", "3", "4", "5", "--moves", "h1-1 h1-3")
    with pytest.raises(grundy.InputError) as e:
        grundy.hackenbush(string="ee(e;eee)").analyze_game("e0 e3")
    assert str(e.value) == cli_error("hackenbush", "analyze-game", "--string", "ee(e;eee)",
                                     "--moves", "e0 e3")
    with pytest.raises(grundy.InputError, match="not blue or red"):
        grundy.hackenbush(string="ee").analyze_game("e0", first="green")
    with pytest.raises(grundy.InputError, match="not one move"):
        grundy.nim([3]).analyze_game(["h1-1 h1-1"])
    with pytest.raises(grundy.InputError, match="picture"):
        grundy.hackenbush(string="ee").analyze_game(RECORD)
    with pytest.raises(grundy.InputError, match="a game record, not an edge list"):
        grundy.hackenbush(RECORD)
