"""Ultimate Tic-Tac-Toe (standard and orlin rules): positions, proof-number solving, engine
analysis and the engines.

``State("e5 e4", rules="standard")`` is the position after those moves; ``str(state)`` is what
``grundy uttt show`` prints and ``state.to_dict()`` its ``--json``. See docs/python.md.
"""

from ._grundy import uttt as _ext

Analysis = _ext.Analysis
Engine = _ext.Engine
SolveResult = _ext.SolveResult
State = _ext.State

# Pickle finds the classes here (the extension's submodule is not importable by name).
for _cls in (Analysis, Engine, SolveResult, State):
    _cls.__module__ = __name__
del _cls

__all__ = ["Analysis", "Engine", "SolveResult", "State"]
