"""Installed from its wheel, turnlog is one import namespace and nothing else.

The wheel is built from a copy of the sources (so no build/ or egg-info lands in the checkout) and
installed, without its dependencies and by this interpreter's pip, into a fresh virtual environment
outside the repository; the dependencies are lent from this interpreter's environment as links to
their own top-level modules only, so that nothing of this environment (an editable install of the checkout, say) leaks in. There,
``import engine``/``events``/``projections`` must fail, ``turnlog`` must import, and the installed
``turnlog`` script must play and verify the demo. Building uses pip's isolated build (setuptools from
the package index or pip's cache), as `pip install .` does.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

from fixtures.imports import ROOT, package_dirs

SOURCES = ("pyproject.toml", "README.md", "turnlog", "engine", "events", "projections")

CHECK = """
import importlib, json, sys
out = {}
for name in ("engine", "events", "projections"):
    try:
        importlib.import_module(name)
        out[name] = "imported"
    except ImportError:
        out[name] = "absent"
import turnlog
from turnlog import Game, load_scenario, RuleViolation, CommandError, ScenarioError, Scenario
from turnlog.commands import BeginAttrition
from turnlog.events.game import UnitMoved
out["turnlog"] = turnlog.__file__
out["engine_file"] = importlib.import_module("turnlog.engine.game").__file__
out["typed"] = (importlib.resources.files("turnlog") / "py.typed").is_file()
out["bundled"] = turnlog.bundled_scenarios()
assets = importlib.resources.files("turnlog.engine.faces.html") / "assets"
out["assets"] = sorted(p.name for p in assets.iterdir()) if assets.is_dir() else []
print(json.dumps(out))
"""


def _clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


def _run(args, cwd: Path, timeout: int = 240) -> subprocess.CompletedProcess:
    return subprocess.run([str(a) for a in args], cwd=cwd, env=_clean_env(), capture_output=True, text=True,
                          timeout=timeout)


def _dependencies() -> list[str]:
    """turnlog's runtime requirements and theirs, by distribution name, as installed here."""
    todo = [re.match(r"[A-Za-z0-9._-]+", r).group() for r in
            tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]]
    seen: list[str] = []
    while todo:
        name = todo.pop()
        key = re.sub(r"[-_.]+", "-", name).lower()
        if key in seen:
            continue
        try:
            dist = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # a requirement whose marker excludes this interpreter
        seen.append(key)
        todo += [re.match(r"[A-Za-z0-9._-]+", r).group() for r in dist.requires or [] if "extra ==" not in r]
    return seen


def _lend_dependencies(into: Path) -> Path:
    """A folder of links to the installed top-level modules (and metadata) of every dependency."""
    into.mkdir()
    for name in _dependencies():
        dist = metadata.distribution(name)
        for f in dist.files or []:
            top = f.parts[0]
            if top in ("..", "__pycache__") or (into / top).exists():
                continue
            src = Path(dist.locate_file(top))
            if src.exists():
                (into / top).symlink_to(src, target_is_directory=src.is_dir())
    return into


def test_pyproject_lists_every_package_folder():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = set()
    for pkg, folder in package_dirs().items():
        for init in folder.rglob("__init__.py"):
            rel = init.parent.relative_to(folder).parts
            found.add(".".join([pkg, *rel]))
    assert found <= listed, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(found - listed)}"
    assert listed <= found, f"listed but not a package folder: {sorted(listed - found)}"


def test_the_installed_wheel_is_one_namespace_turnlog(tmp_path):
    src, dist, venv, elsewhere = (tmp_path / n for n in ("src", "dist", "venv", "elsewhere"))
    src.mkdir()
    elsewhere.mkdir()
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(p, src / name)
    # no pip inside: this interpreter's pip installs into it (--python), which saves seeding one
    made = _run([sys.executable, "-m", "venv", "--without-pip", venv], elsewhere, timeout=120)
    if made.returncode != 0:
        pytest.skip(f"no virtual environment can be created here: {made.stderr.strip()[-300:]}")
    py = venv / "bin" / "python"
    built = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, src], elsewhere)
    assert built.returncode == 0, built.stderr[-2000:]
    wheel, = dist.glob("turnlog-*.whl")
    installed = _run([sys.executable, "-m", "pip", "--python", py, "install", "-q", "--no-deps", "--no-index",
                      wheel], elsewhere)
    assert installed.returncode == 0, installed.stderr[-2000:]
    site = _run([py, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], elsewhere).stdout.strip()
    (Path(site) / "_lent_dependencies.pth").write_text(f"{_lend_dependencies(tmp_path / 'deps')}\n")

    r = _run([py, "-c", CHECK], elsewhere)
    assert r.returncode == 0, r.stderr[-2000:]
    out = json.loads(r.stdout)
    assert (out["engine"], out["events"], out["projections"]) == ("absent", "absent", "absent")
    assert out["turnlog"].startswith(site) and out["engine_file"].startswith(site)
    assert out["typed"] and "bridgehead-14-65" in out["bundled"]
    shipped = sorted(p.name for p in (ROOT / "engine" / "faces" / "html" / "assets").iterdir())
    assert out["assets"] == shipped, "the pages' scripts and styles must be in the wheel (package-data)"

    demo = _run([venv / "bin" / "turnlog", "demo", "--dir", tmp_path / "demo"], elsewhere)
    assert demo.returncode == 0, demo.stderr[-2000:]
    assert "VERIFIED" in demo.stdout
