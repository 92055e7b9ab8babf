"""turnlog as a library: the names a program that embeds it needs (docs/api.md).

The names in ``__all__`` and the modules ``turnlog.commands``, ``turnlog.events.*``, ``turnlog.kit`` (the
kind SDK) and ``turnlog.testing`` are the stable surface. Everything else under ``turnlog.engine``,
``turnlog.events`` and ``turnlog.projections`` is importable but may move between versions (docs/api.md,
"What is stable").
"""
from __future__ import annotations

from pathlib import Path as _Path

#: This release (pyproject.toml reads it: ``[tool.setuptools.dynamic]``).
__version__ = "0.1.0"


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

#: Each stable name and where it lives: imported on first use (PEP 562), so that what needs only part
#: of turnlog (the command line's help, a script reading one module) does not import the engine with it.
_NAMES = {
    "CommandError": ("turnlog.engine.errors", "CommandError"),
    "Game": ("turnlog.engine.game", "Game"),
    "GameState": ("turnlog.projections.state", "GameState"),
    "RuleViolation": ("turnlog.engine.errors", "RuleViolation"),
    "Scenario": ("turnlog.engine.scenario", "Scenario"),
    "ScenarioError": ("turnlog.engine.errors", "ScenarioError"),
    "VerifyReport": ("turnlog.engine.verify", "Report"),
    "bundled_scenarios": ("turnlog.engine.scenario", "bundled_names"),
    "commands": ("turnlog.commands", None),
    "load_scenario": ("turnlog.engine.scenario", "load"),
    "parse_scenario": ("turnlog.engine.scenario", "parse"),
    "register_kind": ("turnlog.engine.kinds", "register"),
    "verify": ("turnlog.engine.verify", "verify"),
    "verify_path": ("turnlog.engine.verify", "verify_path"),
}
__all__ = sorted(_NAMES)


def __getattr__(name: str):
    if name not in _NAMES:
        raise AttributeError(f"module 'turnlog' has no attribute {name!r}")
    from importlib import import_module
    module, attr = _NAMES[name]
    value = import_module(module) if attr is None else getattr(import_module(module), attr)
    globals()[name] = value  # once: the next lookup is a plain attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_NAMES))
