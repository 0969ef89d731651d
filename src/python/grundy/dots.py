"""Dots and Boxes: positions, the exact solver, the classical analysis and the engines.

``State("3x3", moves="a1b1 b1c1")`` is the position after those lines; ``str(state)`` is what
``grundy dots show`` prints and ``state.to_dict()`` its ``--json``. See docs/python.md.
"""

from ._grundy import dots as _ext

Analysis = _ext.Analysis
Engine = _ext.Engine
SolveResult = _ext.SolveResult
State = _ext.State

# Pickle finds the classes here (the extension's submodule is not importable by name).
for _cls in (Analysis, Engine, SolveResult, State):
    _cls.__module__ = __name__
del _cls

__all__ = ["Analysis", "Engine", "SolveResult", "State"]
