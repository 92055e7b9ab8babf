"""`turnlog --help`, a subcommand's help and a usage error are answered by the parser alone
(engine/faces/cli/args.py), before the engine is imported; a command that runs imports it. The console
script is engine/faces/cli/console.py's main (pyproject)."""
from __future__ import annotations

import subprocess
import sys

from fixtures.backbone import ROOT

PROBE = """
import sys
from turnlog.engine.faces.cli import console as cli_main
try:
    cli_main.main(sys.argv[1:])
except SystemExit:
    pass
print("ENGINE", "turnlog.engine.game" in sys.modules, "turnlog.engine.kinds" in sys.modules)
"""


def _engine_imported(*args: str) -> str:
    r = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, timeout=120)
    return r.stdout.strip().splitlines()[-1]


def test_help_and_usage_errors_import_no_engine():
    assert _engine_imported("--help") == "ENGINE False False"
    assert _engine_imported("show", "--help") == "ENGINE False False"
    assert _engine_imported("show") == "ENGINE False False"          # --db missing: argparse's usage error
    assert _engine_imported("nonsense") == "ENGINE False False"


def test_a_command_that_runs_imports_the_engine(tmp_path):
    assert _engine_imported("show", "--db", str(tmp_path / "missing.db")) == "ENGINE True True"


def test_the_console_script_enters_by_the_parser():
    assert 'turnlog = "turnlog.engine.faces.cli.console:main"' in (ROOT / "pyproject.toml").read_text()
