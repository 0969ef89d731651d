"""Ultimate Tic-Tac-Toe (standard and orlin rules): positions, proof-number solving, engine
analysis and the engines.

``State("e5 e4", rules="standard")`` is the position after those moves; ``str(state)`` is what
``grundy uttt show`` prints and ``state.to_dict()`` its ``--json``. See docs/python.md.
"""

from ._grundy import uttt as _extension
from ._submodule import export

__all__ = export(_extension, globals())  # Analysis, Engine, SolveResult, State
