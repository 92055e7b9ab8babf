"""The command line's conventions: `turnlog --version`, `turnlog.__version__`, a completion script per shell,
and the distribution's metadata (its version read from the package, the MIT licence, classifiers)."""
from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import turnlog
from turnlog.engine.faces.cli.args import SHELLS, build_parser, completion

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "turnlog", *args], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_version_is_the_packages_and_the_cli_prints_it():
    assert re.fullmatch(r"\d+\.\d+\.\d+", turnlog.__version__)
    r = _run("--version")
    assert r.returncode == 0 and r.stdout.strip() == f"turnlog {turnlog.__version__}"


def test_pyproject_reads_the_version_from_the_package_and_states_the_mit_licence():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in meta["project"]["dynamic"] and "version" not in meta["project"]
    assert meta["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "turnlog.__version__"}
    assert meta["project"]["license"] == {"text": "MIT"}
    assert [c for c in meta["project"]["classifiers"] if c.startswith("License ::")] == [
        "License :: OSI Approved :: MIT License"]
    assert "urls" not in meta["project"]  # no public address exists to name
    assert any(d.startswith("shtab") for d in meta["project"]["dependencies"])


def test_the_licence_file_is_mit_and_names_the_maintainers():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and "Copyright (c) 2026 the turnlog maintainers" in text
    assert "Permission is hereby granted, free of charge" in text


@pytest.mark.parametrize("shell", SHELLS)
def test_completion_script_names_every_subcommand(shell):
    script = completion(shell)
    subs = next(a for a in build_parser()._actions if a.dest == "cmd").choices
    missing = [name for name in subs if name not in script]
    assert not missing and "turnlog" in script


def test_completion_completes_a_game_file_for_db():
    assert "_shtab_compgen_files" in completion("bash")


def test_completion_through_the_cli_and_an_unknown_shell_refused():
    r = _run("completion", "bash")
    assert r.returncode == 0 and "complete" in r.stdout
    bad = _run("completion", "fish")
    assert bad.returncode == 2 and "invalid choice: 'fish'" in bad.stderr and not bad.stdout


def test_the_test_extra_runs_the_suite_on_a_worker_per_core():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert any(d.startswith("pytest-xdist") for d in meta["project"]["optional-dependencies"]["test"])
    opts = meta["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert opts[opts.index("-n") + 1] == "auto" and opts[opts.index("--dist") + 1] == "loadfile"
