"""The board games' modules (grundy.dots, grundy.uttt) re-export the extension's submodules."""


def export(extension, namespace):
    """Copies the public classes of an extension submodule into a module's namespace and names
    that module as their home, so that pickle finds them (the extension's submodule cannot be
    imported by name). Returns the names, for __all__."""
    names = [name for name in dir(extension) if not name.startswith("_")]
    for name in names:
        cls = getattr(extension, name)
        cls.__module__ = namespace["__name__"]
        namespace[name] = cls
    return names
