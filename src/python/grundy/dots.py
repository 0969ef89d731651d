"""Dots and Boxes: positions, the exact solver, the classical analysis and the engines.

``State("3x3", moves="a1b1 b1c1")`` is the position after those lines; ``str(state)`` is what
``grundy dots show`` prints and ``state.to_dict()`` its ``--json``. See docs/python.md.
"""

from ._grundy import dots as _extension
from ._submodule import export

__all__ = export(_extension, globals())  # Analysis, Engine, SolveResult, State
