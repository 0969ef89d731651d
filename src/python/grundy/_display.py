"""How results show themselves in Jupyter: value tables as HTML (the period marked), Nim's xor
table, Hackenbush pictures as SVG. Attached to the extension's classes by grundy/__init__.py."""

import html

MAX_CELLS = 1000  # values shown in a table; the rest is summarised


def _table_html(title, values, period, argument):
    """Rows of ten values; cells from the preperiod on shaded by their place in the period."""
    count = len(values)
    shown = min(count, MAX_CELLS)
    pre = period.preperiod if period else None
    per = period.period if period else None
    rows = []
    for start in range(0, shown, 10):
        cells = []
        for n in range(start, min(start + 10, shown)):
            style = ""
            if pre is not None and n >= pre:
                phase = (n - pre) // per
                style = ' style="background:{}"'.format("#e8f0fe" if phase % 2 == 0 else "#fef3e0")
            cells.append('<td title="G({n})"{s}>{v}</td>'.format(n=n, s=style, v=int(values[n])))
        rows.append('<tr><th style="text-align:right">{}</th>{}</tr>'.format(start, "".join(cells)))
    more = ""
    if count > shown:
        more = "<p>… {:,} more values (the array holds all {:,}).</p>".format(count - shown, count)
    return ('<div><b>{}</b><table style="font-family:monospace">{}</table>{}<p>{}</p></div>'.format(
        html.escape(title), "".join(rows), more, html.escape(argument)))


def _octal_table_html(self):
    game = self.game
    title = "G(0..{}) of {}{}".format(self.count - 1, game.name or game.code,
                                      " ({})".format(game.code) if game.name else "")
    return _table_html(title, self.values, self.period if self.period else None,
                       self.period.argument)


def _subtraction_table_html(self):
    title = "G(0..{}) of the subtraction game {}".format(self.count - 1, self.game.describe())
    return _table_html(title, self.values, self.period if self.period else None,
                       self.period.argument)


def _nim_html(self):
    heaps = self.heaps
    width = max([h.bit_length() for h in heaps] + [self.nim_sum.bit_length(), 1])
    rows = "".join(
        "<tr><th>heap {}</th><td>{}</td><td>{}</td></tr>".format(i + 1, h, format(h, "0{}b".format(width)))
        for i, h in enumerate(heaps[:64]))
    rows += "<tr><th>xor</th><td>{}</td><td>{}</td></tr>".format(
        self.nim_sum, format(self.nim_sum, "0{}b".format(width)))
    moves = "".join("<li>heap {}: {} → {}</li>".format(m.heap + 1, m.from_, m.to)
                    for m in self.winning_moves[:20])
    return ('<div><table style="font-family:monospace">{}</table><p>The {} player wins.</p>'
            "<ul>{}</ul></div>").format(rows, "first" if self.winner == "first" else "second", moves)


def attach(module):
    module.OctalTable._repr_html_ = _octal_table_html
    module.SubtractionTable._repr_html_ = _subtraction_table_html
    module.NimResult._repr_html_ = _nim_html
    module.Hackenbush._repr_svg_ = lambda self: self.svg()
    module.Game._repr_latex_ = lambda self: "$" + str(self).replace("*", r"\ast ") + "$"
