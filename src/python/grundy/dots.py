"""Dots and Boxes: positions, the exact solver, the classical analysis and the engines.

``State("3x3", moves="a1b1 b1c1")`` is the position after those lines; ``str(state)`` is what
``grundy dots show`` prints and ``state.to_dict()`` its ``--json``. See docs/python.md.
"""

from ._grundy import dots as _extension
from ._review import attach as _attach_review
from ._submodule import export

__all__ = export(_extension, globals())  # Analysis, Engine, SolveResult, State, checkpoint
_attach_review(State, """Post-game analysis of the game so far (`grundy dots analyze-game`): for each
move the exact value before and after it for the mover (the solver's margins), the best lines,
the mistakes. seconds=: the whole review's budget (default 60; positions left unsolved get no
value, never a guess).""")  # noqa: F821
