"""Hackenbush and canonical forms through Python."""

import glob
import re
import os
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from conftest import SANITIZED

EXAMPLES = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "hackenbush")


@pytest.mark.parametrize("path", sorted(glob.glob(os.path.join(EXAMPLES, "*.txt"))))
@pytest.mark.parametrize("explain", [False, True])
def test_to_dict_is_the_command_lines_json(cli_json, path, explain):
    h = grundy.hackenbush(open(path).read())
    args = ["hackenbush", path] + (["--explain"] if explain else [])
    assert h.to_dict(explain=explain) == cli_json(*args)


def test_json_input(cli_json):
    path = os.path.join(EXAMPLES, "mixed.json")
    assert grundy.hackenbush(json=open(path).read()).to_dict() == cli_json("hackenbush", path)


@pytest.mark.parametrize("string", ["llrl", "el;e", "ee(e;eee)", "ee(e;ll)", "lr;rl;e", "e" * 30])
def test_strings(cli_json, string):
    assert grundy.hackenbush(string=string).to_dict() == cli_json("hackenbush", "--string", string)


def test_values_by_kind():
    green = grundy.hackenbush([(0, 1), (1, 2), (1, 3)])
    assert green.kind == "green" and green.value == 1 and green.winner == "first"
    bbrb = grundy.hackenbush(string="llrl")  # Berlekamp: blue blue red blue = 7/4
    assert bbrb.kind == "blue-red" and bbrb.value == Fraction(7, 4) and bbrb.winner == "blue"
    up = grundy.hackenbush(string="el;e")  # a green edge with blue on top, and a green edge: ^
    assert up.kind == "mixed" and isinstance(up.value, grundy.Game) and str(up.value) == "^"
    assert up.value > 0 and up.winner == "blue"


def test_winning_cuts_and_players():
    h = grundy.hackenbush(string="llrl")
    assert h.winning_cuts("blue") == h.winning_cuts("left")
    assert h.winning_cuts("red") == []
    with pytest.raises(grundy.InputError, match="'blue'"):
        h.winning_cuts()
    green = grundy.hackenbush(string="eee;e")
    for cut in green.winning_cuts():
        rest = [e for i, e in enumerate(green.edges) if i != cut]
        assert grundy.hackenbush(rest).value == 0 if rest else True


def test_explain_and_svg():
    h = grundy.hackenbush(open(os.path.join(EXAMPLES, "fusion.txt")).read())
    assert "Fusion" in h.explain()
    svg = h.svg()
    assert svg.startswith("<svg") or svg.startswith("<?xml")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=4), min_size=1, max_size=8))
def test_green_tree_value_has_the_parity_of_its_edges(parents):
    # A random tree: edge i joins vertex i+1 to an earlier vertex (0 = ground).
    edges = [(min(p, i), i + 1) for i, p in enumerate(parents)]
    h = grundy.hackenbush(edges)
    assert h.value % 2 == len(edges) % 2


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet="lr", min_size=1, max_size=12))
def test_blue_red_stalk_by_berlekamps_rule(stalk):
    value = Fraction(0)
    weight = Fraction(1)
    changed = False
    for i, c in enumerate(stalk):
        if i > 0 and c != stalk[i - 1]:
            changed = True
        if changed:
            weight /= 2
        value += weight if c == "l" else -weight
    assert grundy.hackenbush(string=stalk).value == value


@settings(max_examples=10 if SANITIZED else 40, deadline=None)
@given(st.text(alphabet="lre", min_size=1, max_size=5), st.text(alphabet="lre", min_size=1, max_size=5))
def test_disjoint_positions_add_as_games(a, b):
    ga = grundy.hackenbush(string=a).game()
    gb = grundy.hackenbush(string=b).game()
    both = grundy.hackenbush(string=a + ";" + b).game()
    assert ga + gb == both
    assert both - gb == ga


def test_canonical_forms():
    G = grundy.Game
    up, star = G.up(), G.nimber(1)
    assert str(up) == "^" and str(up + star) == "^*" and str(-up) == "v"
    assert up > 0 and not (star > 0) and star.fuzzy(0) and (up + star).fuzzy(0)
    assert star + star == 0 and up + G.down() == 0
    assert G(left=[0], right=[1]) == Fraction(1, 2)
    assert str(G(left=[1], right=[0])) == "{1|0}"
    assert G(left=[1], right=[0]).outcome == "first"
    assert (up + star).left_stop == 0 and G.number(Fraction(3, 4)).to_fraction() == Fraction(3, 4)
    assert G.number(3) + Fraction(1, 4) == G.number(Fraction(13, 4))
    assert hash(G.up()) == hash(up)
    with pytest.raises(grundy.InputError, match="dyadic"):
        G.number(Fraction(1, 3))
    with pytest.raises(grundy.InputError, match="not a number"):
        star.to_fraction()
    with pytest.raises(grundy.InputError):
        G.nimber(-1)


@pytest.mark.parametrize("args,message", [
    (([(0, 1, "purple")],), "colour"),
    (([(0, -1)],), "negative"),
    (([(0,)],), "expected (u, v)"),
    ((5,), "expected a list"),
])
def test_bad_edges(args, message):
    with pytest.raises(grundy.InputError, match=re.escape(message)):
        grundy.hackenbush(*args)


def test_bad_text_has_the_command_lines_message(cli_error, tmp_path):
    for text in ["0 1 x\n", "0\n", "a b\n"]:
        path = tmp_path / "bad.txt"
        path.write_text(text)
        with pytest.raises(grundy.InputError) as e:
            grundy.hackenbush(text)
        assert str(e.value) == cli_error("hackenbush", str(path)).replace(str(path), "edges")
    with pytest.raises(grundy.InputError) as e:
        grundy.hackenbush(string="e(x")
    assert str(e.value) == cli_error("hackenbush", "--string", "e(x")
    with pytest.raises(grundy.InputError, match="once"):
        grundy.hackenbush([(0, 1)], string="e")


def test_networkx_graphs():
    nx = pytest.importorskip("networkx")
    g = nx.MultiGraph()
    g.add_edge(0, 1, colour="b")
    g.add_edge(1, 2, colour="r")
    assert grundy.hackenbush(g).value == Fraction(1, 2)
    cycle = nx.cycle_graph(4)  # a rooted cycle of 4 green edges: 4 mod 2 = 0
    assert grundy.hackenbush(cycle).value == 0
