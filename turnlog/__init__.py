"""turnlog as a library: the names a program that embeds it needs (docs/api.md).

The names in ``__all__`` and the modules ``turnlog.commands``, ``turnlog.events.*`` are the stable
surface. Everything else under ``turnlog.engine``, ``turnlog.events`` and ``turnlog.projections`` is
importable but may move between versions (docs/api.md, "What is stable").
"""
from __future__ import annotations

from pathlib import Path as _Path


def _find_checkout_folders() -> None:
    """Run from a source checkout, search the repository root for turnlog.engine, .events, .projections.

    pyproject.toml installs the folders engine/, events/ and projections/ inside this package; a checkout
    keeps them beside it. So that the checkout also works uninstalled (``PYTHONPATH=.``, a clone's test
    run), the root joins this package's search path, but only where it holds this project's
    pyproject.toml and engine/: an installed turnlog (engine/ inside the package) never searches
    site-packages.
    """
    here = _Path(__file__).resolve().parent
    root = here.parent
    if (here / "engine").is_dir() or not (root / "engine" / "__init__.py").is_file():
        return
    try:
        if 'name = "turnlog"' not in (root / "pyproject.toml").read_text(encoding="utf-8"):
            return
    except OSError:
        return
    if str(root) not in __path__:
        __path__.append(str(root))


_find_checkout_folders()

from . import commands  # noqa: E402
from .engine.errors import CommandError, RuleViolation, ScenarioError  # noqa: E402
from .engine.game import Game  # noqa: E402
from .engine.procedures import register as register_kind  # noqa: E402
from .engine.scenario import Scenario  # noqa: E402
from .engine.scenario import bundled_names as bundled_scenarios  # noqa: E402
from .engine.scenario import load as load_scenario  # noqa: E402
from .engine.scenario import parse as parse_scenario  # noqa: E402
from .engine.verify import Report as VerifyReport  # noqa: E402
from .engine.verify import verify, verify_path  # noqa: E402
from .projections.state import GameState  # noqa: E402

__all__ = [
    "CommandError",
    "Game",
    "GameState",
    "RuleViolation",
    "Scenario",
    "ScenarioError",
    "VerifyReport",
    "bundled_scenarios",
    "commands",
    "load_scenario",
    "parse_scenario",
    "register_kind",
    "verify",
    "verify_path",
]
