import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy


def test_bouton_example(cli_json):
    r = grundy.nim([3, 4, 5])
    assert r.nim_sum == 2 and r.value == 2 and r.winner == "first"
    assert [(m.heap, m.from_, m.to) for m in r.winning_moves] == [(0, 3, 1)]
    assert r.to_dict() == cli_json("nim", "3", "4", "5")
    assert "winner='first'" in repr(r)


@pytest.mark.parametrize("heaps", [[1], [0, 0, 0], [1, 1], [7, 7], [1, 2, 3], [2**63 - 1, 5]])
@pytest.mark.parametrize("misere", [False, True])
def test_to_dict_is_the_command_lines_json(cli_json, heaps, misere):
    args = ["nim", *map(str, heaps)] + (["--misere"] if misere else [])
    assert grundy.nim(heaps, misere=misere).to_dict() == cli_json(*args)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=2**63 - 1), min_size=1, max_size=8))
def test_every_winning_move_leaves_xor_zero(heaps):
    r = grundy.nim(heaps)
    x = 0
    for h in heaps:
        x ^= h
    assert r.value == x
    assert (r.winner == "first") == (x != 0)
    for m in r.winning_moves:
        after = list(heaps)
        assert after[m.heap] == m.from_ and m.to < m.from_
        after[m.heap] = m.to
        y = 0
        for h in after:
            y ^= h
        assert y == 0
    assert len(r.winning_moves) == sum(1 for h in heaps if (h ^ x) < h)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=6), min_size=1, max_size=5))
def test_misere_rule(heaps):
    r = grundy.nim(heaps, misere=True)
    if all(h <= 1 for h in heaps):
        expected = "first" if sum(heaps) % 2 == 0 else "second"
    else:
        x = 0
        for h in heaps:
            x ^= h
        expected = "first" if x else "second"
    assert r.winner == expected


def test_numpy_heaps():
    assert grundy.nim(np.array([3, 4, 5], dtype=np.int64)).value == 2
    assert grundy.nim(np.array([3, 4, 5], dtype=np.uint8)).value == 2
    assert grundy.nim(np.arange(1, 1_000_001, dtype=np.uint64)).nim_sum == 1_000_000
