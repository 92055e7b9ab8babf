"""A host program written from docs/api.md type-checks with mypy after the README's `pip install -e .`.

The checkout's sources are copied (so no build/ lands in the checkout) and installed editable, without
dependencies, into a fresh virtual environment that sees the running environment's packages (mypy, msgspec
...), whether the tests run from a virtual environment (README's `pip install -e '.[test]'` in one) or not.
mypy then checks docs/api.md's first example and a small host program against that install: the default
editable install reached turnlog.engine, .events and .projections through an import hook mypy cannot
follow (pyproject.toml's build backend, turnlog/_build.py, makes it the strict one). A plugin is a host
too: the example kind (examples/volley) and the skeleton `turnlog kind new` writes, both on turnlog.kit,
type-check with them (their events declare ``frozen=True``). Skipped only when mypy is not installed.
"""
from __future__ import annotations

import os
import re
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from turnlog.engine.faces.cli.kind import write

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "turnlog", "engine", "events", "projections")

HOST = '''
import os
import random

import msgspec

from turnlog import Game, GameState, RuleViolation, load_scenario, verify
from turnlog.commands import BeginAttrition, parse
from turnlog.engine.kit.choices import Choice
from turnlog.engine.search import Sandbox
from turnlog.events.game import CommandUndone


def play(path: str) -> int:
    with Game.create(path, load_scenario("bridgehead-14-65")) as game:
        state: GameState = game.state
        choices: list[Choice] = game.legal()
        game.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        undone = game.undo()
        assert isinstance(undone[0][1], CommandUndone)
        for seq, event in game.redo():
            print(seq, type(event).__name__)
        box = Sandbox.of(game, seed=os.urandom(16))
        try:
            box.play(parse(msgspec.json.encode(choices[0].example(random.Random(1)))))
        except RuleViolation as refusal:
            print(refusal.rule, refusal.message)
        assert verify(game).ok
        return state.seq
'''


def _api_example() -> str:
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, re.S)[0]


def _venv_seeing_this_environment(venv: Path, env: dict[str, str]) -> Path:
    """Make a virtual environment at venv that imports what this interpreter imports; return its python.

    `--system-site-packages` adds only the base interpreter's site-packages: run from inside a virtual
    environment, the packages installed there would be missing. A .pth file in the new environment names
    this one's site-packages; its name sorts it after the editable install's own .pth line.
    """
    # no pip seeded inside: this interpreter's pip installs into it (--python)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], check=True,
                   env=env)
    py = venv / "bin" / "python"
    purelib = subprocess.run([py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], env=env,
                             check=True, capture_output=True, text=True).stdout.strip()
    here = dict.fromkeys([*site.getsitepackages(), sysconfig.get_paths()["purelib"]])
    (Path(purelib) / "zz_running_environment.pth").write_text("".join(f"{d}\n" for d in here), encoding="utf-8")
    return py


def test_a_host_program_type_checks_after_pip_install_e(tmp_path):
    pytest.importorskip("mypy")
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:
        (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(
            ROOT / name, src / name, **({"ignore": shutil.ignore_patterns("__pycache__")}
                                        if (ROOT / name).is_dir() else {}))
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    py = _venv_seeing_this_environment(tmp_path / "venv", env)
    got = subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "-q", "--no-deps", "-e",
                          str(src)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert got.returncode == 0, got.stderr
    where = subprocess.run([py, "-c", "import turnlog.engine.game as m; print(m.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True)
    assert str(src) in where.stdout, where.stdout + where.stderr  # this install, not another turnlog
    (tmp_path / "host.py").write_text(HOST, encoding="utf-8")
    (tmp_path / "api_example.py").write_text(_api_example(), encoding="utf-8")
    shutil.copytree(ROOT / "examples" / "volley" / "volley", tmp_path / "volley",
                    ignore=shutil.ignore_patterns("__pycache__"))
    write("hedge", tmp_path)
    shutil.move(tmp_path / "turnlog-hedge" / "hedge", tmp_path / "hedge")
    checked = subprocess.run([py, "-m", "mypy", "--no-incremental", "--python-executable", str(py),
                              "host.py", "api_example.py", "volley", "hedge"], cwd=tmp_path, env=env,
                             capture_output=True, text=True, timeout=600)
    assert checked.returncode == 0, checked.stdout + checked.stderr
