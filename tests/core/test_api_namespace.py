"""The embedding surface of `import turnlog` (docs/api.md) is there and complete."""
from __future__ import annotations

import subprocess
import sys
from importlib import resources

import msgspec

import turnlog
from turnlog import commands
from turnlog.engine import commands as engine_commands


def test_the_top_level_names_are_the_engine_objects():
    from turnlog.engine.errors import RuleViolation
    from turnlog.engine.game import Game
    from turnlog.engine.scenario import load
    assert (turnlog.Game, turnlog.load_scenario, turnlog.RuleViolation) == (Game, load, RuleViolation)
    assert all(hasattr(turnlog, n) for n in turnlog.__all__)


def test_every_command_is_reexported_by_turnlog_commands():
    defined = {n for n, v in vars(engine_commands).items()
               if isinstance(v, type) and issubclass(v, msgspec.Struct) and v.__module__ == engine_commands.__name__}
    assert defined <= set(commands.__all__), sorted(defined - set(commands.__all__))
    assert all(getattr(commands, n) is getattr(engine_commands, n) for n in commands.__all__ if n != "AnyCommand")


def test_turnlog_commands_is_gathered_from_every_installed_kind():
    from turnlog.engine import installed, kinds
    kinds.load_all()
    assert set(installed.own()) <= {k.name for k in kinds.KINDS}
    for kind in kinds.KINDS:
        for cls in kind.commands:
            assert getattr(commands, cls.__name__) is cls and cls.__name__ in commands.__all__
            assert commands.NAMES[cls.__name__] is cls
    assert set(commands.NAMES) == {n for n in commands.__all__ if n not in ("AnyCommand", "NAMES", "encode", "parse")
                                   and issubclass(getattr(commands, n), engine_commands.Command)} - {"Command",
                                                                                                     "RetreatCommand"}
    assert set(commands.AnyCommand.__args__) == set(commands.NAMES.values())


def test_a_kinds_command_imports_by_name_from_both_modules():
    from turnlog.commands import BeginLandCombat
    from turnlog.engine.commands import BeginLandCombat as same
    from turnlog.engine.wif.commands import BeginLandCombat as home
    assert BeginLandCombat is same is home


def test_the_package_is_marked_typed():
    assert resources.files("turnlog").joinpath("py.typed").is_file()


def test_python_m_turnlog_is_the_command_line():
    r = subprocess.run([sys.executable, "-m", "turnlog", "--help"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("usage: turnlog")
