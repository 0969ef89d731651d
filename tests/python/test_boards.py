"""What grundy.dots and grundy.uttt states share: play/undo restores a state, copies are
independent, many calls leak nothing."""

import copy
import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy import dots, uttt

EMPTY = [lambda: dots.State("1x1"), lambda: dots.State("2x2"), lambda: dots.State("2x3"),
         lambda: dots.State("3x3"), lambda: uttt.State(), lambda: uttt.State(rules="orlin")]


def random_position(game, seed):
    """A random legal position of EMPTY[game] (seeded), perhaps finished."""
    rng = random.Random(seed)
    s = EMPTY[game]()
    for _ in range(rng.randrange(len(s.legal_moves()) + 1)):
        if s.is_over():
            break
        s.play(rng.choice(s.legal_moves()))
    return s


def everything(s):
    return s.to_dict(), str(s), s.moves, s.history(), s._repr_svg_()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(range(len(EMPTY))), st.integers(min_value=0, max_value=2**32))
def test_play_then_undo_restores(game, seed):
    s = random_position(game, seed)
    before = everything(s)
    if s.is_over():
        s.play(s.undo())  # take the last move back and play it again
    else:
        move = random.Random(seed).choice(s.legal_moves())
        s.play(move)
        assert s.undo() == move
    assert everything(s) == before


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(range(len(EMPTY))), st.integers(min_value=0, max_value=2**32))
def test_copies_are_independent(game, seed):
    s = random_position(game, seed)
    for c in (s.copy(), s.clone(), copy.copy(s), copy.deepcopy(s), pickle.loads(pickle.dumps(s))):
        assert c == s and c.moves == s.moves and c.to_dict() == s.to_dict()
        if not c.is_over():
            c.play(c.legal_moves()[0])
            assert c != s and len(c.history()) == len(s.history()) + 1
            assert s.to_dict() == everything(random_position(game, seed))[0]


@pytest.mark.parametrize("state,engine,taken", [
    (lambda: dots.State("3x3", moves="a1b1 b1c1"), lambda: dots.Engine("greedy"), "a1b1"),
    (lambda: uttt.State("e5 e4"), lambda: uttt.Engine("mcts", iterations=50), "e5"),
])
def test_no_leak_over_many_calls(assert_no_leak, state, engine, taken):
    s, e = state(), engine()
    moves = s.moves

    def calls(n):
        for i in range(n):
            legal = s.legal_actions()
            s.play(legal[i % len(legal)])
            s.to_dict()
            str(s)
            s.copy().legal_moves()
            s.undo()
            try:
                s.play(taken)  # refused: the error path too
            except grundy.InputError:
                pass
            if i % 50 == 0:
                e.choose(s)

    assert_no_leak(calls, s)
    assert s.moves == moves
