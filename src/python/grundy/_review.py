"""Post-game analysis ("analyse this game"): State.analyze_game() of Dots and Boxes and Ultimate
Tic-Tac-Toe, the answer of `grundy dots|uttt analyze-game --json`."""

from types import SimpleNamespace


class GameReview:
    """Every move of a game with its value before and after (for the player who made it), the
    best move, and whether it was a mistake. ``moves`` is a list of objects with the contract's
    fields ``move``, ``value_before``, ``value_after``, ``best``, ``mistake`` (and the game's
    others); ``mistakes()`` lists the mistakes; ``to_dict()`` is the command line's JSON."""

    def __init__(self, answer):
        self._answer = answer
        self.moves = [SimpleNamespace(**m) for m in answer["moves"]]

    def mistakes(self):
        return [m for m in self.moves if m.mistake]

    def to_dict(self):
        return self._answer

    def __len__(self):
        return len(self.moves)

    def __repr__(self):
        return "GameReview({}, moves={}, mistakes={})".format(
            self._answer["game"], len(self.moves), len(self.mistakes()))

    def _repr_html_(self):
        rows = "".join(
            "<tr{}><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td>{}</td></tr>".format(
                ' style="background:#fde8e8"' if m.mistake else "", i + 1, m.move,
                m.value_before, m.value_after,
                ("mistake; best " + (", ".join(m.best) if isinstance(m.best, list) else str(m.best)))
                if m.mistake else "")
            for i, m in enumerate(self.moves))
        return ("<table><tr><th>#</th><th>move</th><th>before</th><th>after</th><th></th></tr>"
                "{}</table>").format(rows)


def attach(state_class, doc):
    def analyze_game(self, **options):
        return GameReview(self._analyze_game(**options))

    analyze_game.__doc__ = doc
    state_class.analyze_game = analyze_game
