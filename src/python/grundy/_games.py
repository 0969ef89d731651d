"""Games given by a graph: a networkx.DiGraph or a dict of lists as a moves function."""

from ._grundy import InputError


def successors_of(graph):
    """A moves function for a game on a directed graph: a networkx.DiGraph (its successors) or a
    dict mapping each position to its options (a position missing from the dict has none)."""
    if hasattr(graph, "successors") and hasattr(graph, "nodes"):
        table = {node: tuple(graph.successors(node)) for node in graph.nodes}
    elif isinstance(graph, dict):
        table = {node: tuple(options) for node, options in graph.items()}
    else:
        raise InputError("graph: expected a networkx.DiGraph or a dict of lists, got {!r}".format(
            type(graph).__name__))
    empty = ()
    return lambda position: table.get(position, empty)
