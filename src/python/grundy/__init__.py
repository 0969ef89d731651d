"""grundy: who wins a combinatorial game with perfect play, and which move wins.

The same C++ library as the ``grundy`` command line, with the same answers: ``to_dict()`` of a
result is what ``grundy ... --json`` prints for the same question. See docs/python.md.
"""

from . import _display, _grundy
from . import dots, uttt  # noqa: F401  (grundy.dots.State, grundy.uttt.State)
from ._games import successors_of
from ._review import attach as _attach_review
from ._grundy import (  # noqa: F401
    CycleError,
    DagResult,
    Game,
    Hackenbush,
    GameSum,
    GenusTable,
    HeapSum,
    HeapSumMove,
    ImpartialGame,
    InputError,
    IoError,
    LimitError,
    MisereQuotient,
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
    kernel_set,
    nim,
    octal,
    subtraction,
)


def _from_graph(graph, *, misere=False, max_positions=None):
    """An ImpartialGame on a directed graph: a networkx.DiGraph or a dict of lists (position ->
    options). A token on a vertex moves along an edge; positions are the vertices."""
    return ImpartialGame(successors_of(graph), misere=misere, max_positions=max_positions)


def misere_quotient(code, **options):
    """The misère quotient of the octal game `code`: grundy.octal(code).misere_quotient(...)
    (`grundy misere CODE --quotient`; options max_heap, max_order, seconds, progress,
    checkpoint, resume, checkpoint_every)."""
    return octal(code).misere_quotient(**options)


ImpartialGame.from_graph = staticmethod(_from_graph)
_attach_review(NimResult, """Post-game analysis of a game played from these heaps (`grundy nim
analyze-game HEAPS --moves ... --json`): `moves` is a str ("h1-1 h2-3", a game record too) or a
list of moves. For each move its value before (for its player) and after (for the opponent), the
winning moves there were (`best`) and whether it was a `mistake` (a won position handed over).""")
_attach_review(Hackenbush, """Post-game analysis of a game played on this picture (`grundy hackenbush
analyze-game ... --moves ... --json`): `moves` is a str of cuts ("e2 e0", or a game record of this
picture) or a list of them, the sides alternating from `first` ("blue" or "red"). For each cut the
exact value before and after, whether its side wins (`wins_before`, `wins_after`), the winning cuts
it had (`best`) and whether it was a `mistake`.""")
_display.attach(_grundy)
ImpartialGame.from_dict = staticmethod(_from_graph)

__all__ = [name for name in dir() if not name.startswith("_")]
