"""The generated game of real commands verifies: every command re-executes to its logged events.

The benchmark measures verify against replay on it; the default stream reports
stacks, dice and side effects in commands that do not re-execute, and stays as it was.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import cases, gen  # noqa: E402
from turnlog.engine.verify import verify_path  # noqa: E402
from turnlog.projections.fold import fold  # noqa: E402
from turnlog.projections.state import GameState  # noqa: E402


def test_a_game_of_real_commands_has_its_size_replays_and_verifies(tmp_path):
    sc = gen.scenario(60, seed=2)
    batch, live = gen.game(sc, 1500, seed=2, turn_events=150, commands=True)
    log = cases.bulk_import(tmp_path / "g.db", batch)
    cases.write_snapshots(log)
    assert fold(GameState(), log.rows()) == live
    types = {r[2] for r in log.rows()}
    log.close()
    assert {"UnitMoved", "ControlChanged", "SupplyChanged", "NoteAdded", "AttritionZonesDetermined"} <= types
    assert "DieRolled" not in types  # no host command rolls a bare die
    rep = verify_path(tmp_path / "g.db")
    assert rep.ok, rep
    assert rep.events == 1500 and rep.commands_checked == rep.commands - 1  # all but the setup


def test_the_default_stream_is_unchanged_by_the_real_commands_mode():
    sc = gen.scenario(60, seed=2)
    a, _ = gen.game(sc, 700, seed=2, turn_events=150)
    b, _ = gen.game(sc, 700, seed=2, turn_events=150, commands=False)
    assert a == b and any(len(rows) > 1 and ctype == "MoveUnit" for _a, ctype, _p, rows in a)
