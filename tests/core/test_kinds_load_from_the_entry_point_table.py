"""The kinds come from the entry-point table ``turnlog.kinds``; a game loads only the kinds it names."""
from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from turnlog.engine import installed, kinds

ROOT = Path(__file__).resolve().parents[2]


def test_a_checkout_reads_its_own_table_from_pyproject():
    table = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["turnlog.kinds"]
    assert installed.own() == table
    assert list(table)[:2] == ["turn", "attrition"]
    for name, value in table.items():
        assert installed.load(name, value).name == name


def test_an_install_whose_metadata_predates_the_table_says_to_install_again(monkeypatch):
    class Stale:
        entry_points = ()
    monkeypatch.setattr(installed, "_checkout_pyproject", lambda: None)
    monkeypatch.setattr(installed, "distribution", lambda _name: Stale())
    installed.own.cache_clear()
    try:
        with pytest.raises(installed.KindTableError, match=r"pip install -e \."):
            installed.own()
    finally:
        monkeypatch.undo()
        installed.own.cache_clear()


_FRESH = """
import sys, tempfile, os
import turnlog
from turnlog.engine import kinds
from helpers import hexes, scenario, unit
d = tempfile.mkdtemp()
for procs in (["assault"], ["wif"]):
    sc = scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404")], rules={"procedures": procs})
    turnlog.Game.create(os.path.join(d, procs[0] + ".db"), sc).close()
    print(procs[0], [k.name for k in kinds.KINDS])
print(any(m.startswith("turnlog.engine.designation") for m in sys.modules))
g = turnlog.Game.open(os.path.join(d, "wif.db"))
print("open", [k.name for k in kinds.KINDS])
"""


def test_a_game_loads_only_its_kinds_in_the_tables_order_whatever_the_order_asked():
    r = subprocess.run([sys.executable, "-c", _FRESH], cwd=ROOT, capture_output=True, text=True, timeout=120,
                       env={"PYTHONPATH": f"{ROOT / 'tests' / 'support'}:{ROOT}", "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == ["assault ['turn', 'assault']", "wif ['turn', 'wif', 'assault']", "False",
                                     "open ['turn', 'wif', 'assault']"]


def test_opening_a_game_loads_the_kinds_its_game_created_names(tmp_path):
    from helpers import hexes, new_game, scenario, unit
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404")],
                                    rules={"procedures": ["designation"]}))
    g.close()
    assert "designation" in {k.name for k in kinds.KINDS}
