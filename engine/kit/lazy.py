"""A module imported on its first attribute read: a kind's rule modules, which reading a log never
needs.

`turnlog show` or `log` folds a kind's events and narrates them; the rules that decide commands are
imported only when a command is decided (or explained). The proxy puts the module in its own place
in the importer's globals on first use, so later reads cost what a module's global costs.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any


class Lazy:
    """Stands for module ``name`` as the global ``alias`` of ``where`` (an importer's globals())."""

    def __init__(self, where: dict[str, Any], alias: str, name: str):
        self._where, self._alias, self._name = where, alias, name

    def __getattr__(self, attr: str) -> Any:
        module = import_module(self._name)
        self._where[self._alias] = module
        return getattr(module, attr)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported on first use>"
