"""grundy: who wins a combinatorial game with perfect play, and which move wins.

The same C++ library as the ``grundy`` command line, with the same answers: ``to_dict()`` of a
result is what ``grundy ... --json`` prints for the same question. See docs/python.md.
"""

from . import _display, _grundy
from . import dots, uttt  # noqa: F401  (grundy.dots.State, grundy.uttt.State)
from ._games import successors_of
from ._grundy import (  # noqa: F401
    CycleError,
    DagResult,
    Game,
    Hackenbush,
    GameSum,
    ImpartialGame,
    InputError,
    IoError,
    LimitError,
    NimMove,
    NimResult,
    OctalGame,
    OctalHeap,
    OctalMove,
    OctalRun,
    OctalTable,
    Period,
    SubtractionGame,
    SubtractionMove,
    SubtractionPosition,
    SubtractionTable,
    SumMove,
    dag,
    hackenbush,
    nim,
    octal,
    subtraction,
)


def _from_graph(graph, *, misere=False, max_positions=None):
    """An ImpartialGame on a directed graph: a networkx.DiGraph or a dict of lists (position ->
    options). A token on a vertex moves along an edge; positions are the vertices."""
    return ImpartialGame(successors_of(graph), misere=misere, max_positions=max_positions)


ImpartialGame.from_graph = staticmethod(_from_graph)
_display.attach(_grundy)
ImpartialGame.from_dict = staticmethod(_from_graph)

__all__ = [name for name in dir() if not name.startswith("_")]
