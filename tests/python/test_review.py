"""Post-game analysis through Python equals `grundy dots|uttt analyze-game --json`."""

import pytest

import grundy
from grundy import dots, uttt


def without_time(d):
    return {k: v for k, v in d.items() if k != "seconds"}


@pytest.mark.parametrize("size,moves", [
    ("2x2", "a1b1 b1c1 a3b3 b3c3 a1a2 c1c2 a2a3 c2c3 b1b2"),
    ("2x3", "a1b1 b2c2 c1c2 a3b3"),
])
def test_dots_review_is_the_command_lines(cli_json, size, moves):
    r = dots.State(size, moves=moves).analyze_game(seconds=600)
    cli = cli_json("dots", "analyze-game", size, "--moves", moves, "--seconds", "600")
    assert without_time(r.to_dict()) == without_time(cli)
    assert [m.move for m in r.moves] == moves.split()
    for m in r.moves:
        assert m.mistake == (m.value_after < m.value_before)
    assert r.mistakes() == [m for m in r.moves if m.mistake]


def test_uttt_review_is_the_command_lines(cli_json):
    moves = "e5 e4 d2 a4 c3"
    r = uttt.State(moves).analyze_game(iterations=2000, seed=3)
    cli = cli_json("uttt", "analyze-game", "--moves", moves, "--iterations", "2000", "--seed", "3")
    assert without_time(r.to_dict()) == without_time(cli)
    assert len(r) == 5 and all(0 <= m.value_before <= 1 for m in r.moves)


def test_review_arguments_are_checked(cli_error):
    with pytest.raises(grundy.InputError) as e:
        uttt.State("e5").analyze_game(iterations=0)
    assert str(e.value) == cli_error("uttt", "analyze-game", "--moves", "e5", "--iterations", "0")
    with pytest.raises(grundy.InputError, match="--seconds"):
        dots.State("2x2").analyze_game(seconds=float("nan"))
