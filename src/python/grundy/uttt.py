"""Ultimate Tic-Tac-Toe (standard, orlin and codingame rules): positions, proof-number solving, engine
analysis and the engines.

``State("e5 e4", rules="standard")`` is the position after those moves; ``str(state)`` is what
``grundy uttt show`` prints and ``state.to_dict()`` its ``--json``. See docs/python.md.
"""

from ._grundy import uttt as _extension
from ._review import attach as _attach_review
from ._submodule import export

__all__ = export(_extension, globals())  # Analysis, Engine, SolveResult, State
_attach_review(State, """Post-game analysis of the game so far (`grundy uttt analyze-game`): for each
move the mover's win rate before and after it (MCTS, iterations= playouts per position, default
10,000; seed=), the best move, and the mistakes (a drop of 15 points or a proved win let go).""")  # noqa: F821
