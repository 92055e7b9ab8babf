"""`turnlog kind new NAME` writes a working kind's skeleton (its distribution with the entry point, package,
machine, commands, events, fold, legal, why, view, scenario and tests) that passes the conformance kit as
written, and refuses to overwrite anything or to take a name that is no package name."""
from __future__ import annotations

import io
import os
import subprocess
import sys
import tomllib
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from turnlog.engine.faces import cli

ROOT = Path(__file__).resolve().parents[2]


def kind_new(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(["kind", "new", *args])
    return code, out.getvalue() + err.getvalue()


def test_the_skeleton_passes_its_own_tests_and_the_conformance_kit(tmp_path):
    code, said = kind_new("hedge_fire", "--dir", str(tmp_path))
    root = tmp_path / "turnlog-hedge_fire"
    assert code == 0 and str(root) in said
    meta = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["turnlog.kinds"] == {"hedge_fire": "hedge_fire.kind:KIND"}
    assert "OpenHedgeFire" in (root / "hedge_fire" / "vocabulary.py").read_text(encoding="utf-8")
    # in a process of its own: the generated kind's commands stay out of this test run's registry
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(root / "tests")],
                         cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0 and "3 passed" in run.stdout, run.stdout + run.stderr


def test_an_existing_folder_is_refused_and_left_as_it_was(tmp_path):
    (tmp_path / "turnlog-hedge").mkdir()
    (tmp_path / "turnlog-hedge" / "mine.txt").write_text("keep")
    code, said = kind_new("hedge", "--dir", str(tmp_path))
    assert code == 2 and "already exists" in said and said.count("\n") == 1
    assert [p.name for p in (tmp_path / "turnlog-hedge").iterdir()] == ["mine.txt"]


@pytest.mark.parametrize("name", ["Hedge", "9lives", "hedge-fire", "json", "turnlog", "x" * 33])
def test_a_name_that_is_no_kind_name_is_refused_naming_the_field(tmp_path, name):
    code, said = kind_new(name, "--dir", str(tmp_path))
    assert code == 2 and said.startswith("error: name:") and not list(tmp_path.iterdir())
