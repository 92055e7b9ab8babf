"""The command line: the parser, the console script and each verb's module.

console.py is the installed script: it parses first (args.py) and imports app.py, and with it the
engine, only for a command that runs, so ``turnlog --help`` stays the parser's alone. This package
therefore imports nothing at its own import; the names tests and hosts read here (``main``, ``DEMOS``,
``DEMO_SEED``, ``play_lines``, ...) come from app.py on first use.
"""
from __future__ import annotations

import importlib
import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import DEMO_SEED as DEMO_SEED
    from .app import DEMOS as DEMOS
    from .app import build_parser as build_parser
    from .app import main as main
    from .app import play_lines as play_lines


def __getattr__(name: str) -> object:
    """Read ``name`` from app.py, importing it (and the engine) on first use.

    A submodule's name is left to the import system: ``from . import console`` must not load the engine.
    """
    if name.startswith("__") or importlib.util.find_spec(f"{__name__}.{name}") is not None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.app"), name)
