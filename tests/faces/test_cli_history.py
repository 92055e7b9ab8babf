"""`turnlog undo`, `redo`, `fork` and `reveal` in subprocesses."""
from __future__ import annotations

import json

import pytest

from turnlog.engine.game import Game
from turnlog.events.game import CommandUndone

from fixtures.backbone import ZONE, cli, table


@pytest.fixture
def db(tmp_path):
    db = tmp_path / "g.db"
    assert cli("new", "bridgehead-14-65", "--db", db).returncode == 0
    p = tmp_path / "c.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in (
        {"type": "BeginAttrition", "attacker": "AX", "zone": ZONE},
        {"type": "RollAttritionDie", "procedure": "A1"},
        {"type": "MarkAirdropped", "unit": "us-inf-3", "from_hex": "0502"})) + "\n")  # no open attrition reads it
    r = cli("play", "--db", db, p)
    assert r.returncode == 0, r.stderr
    return db


def dropped_from(db, unit: str) -> str:
    with Game.open(db) as g:
        return g.state.units[unit].airdropped_from


def test_undo_and_redo(db):
    r = cli("undo", "--db", db)
    assert r.returncode == 0, r.stderr
    assert "command 4" in r.stdout and "undone" in r.stdout
    assert dropped_from(db, "us-inf-3") == ""
    r = cli("redo", "--db", db)
    assert r.returncode == 0, r.stderr
    assert dropped_from(db, "us-inf-3") == "0502"
    assert table(db, "SELECT type FROM commands ORDER BY id")[-2:] == [("Undo",), ("Redo",)]
    r = cli("redo", "--db", db)
    assert r.returncode == 2 and "refused by rule redo" in r.stderr


def test_undo_barrier_names_its_rule_then_referee_override(db):
    assert cli("undo", "--db", db).returncode == 0
    before = table(db, "SELECT count(*) FROM events")
    r = cli("undo", "--db", db)
    assert r.returncode == 2 and "refused by rule undo.dice-barrier" in r.stderr
    r = cli("undo", "--db", db, "--override")
    assert r.returncode == 2 and "referee" in r.stderr
    assert table(db, "SELECT count(*) FROM events") == before
    r = cli("undo", "--db", db, "--override", "--referee", "Alice", "--reason", "cocked die")
    assert r.returncode == 0, r.stderr
    assert "Alice" in r.stdout
    with Game.open(db) as g:
        ev = g.events(g.log.last()[0])[0][1]
        assert ev == CommandUndone(command_id=3, override=True, referee="Alice", reason="cocked die")
        assert g.state.attritions["A1"].die is None


def test_fork_and_continue(db, tmp_path):
    with Game.open(db) as g:
        _cid, _a, _t, _p, _ts, roll_first, roll_last = g.log.commands()[2]
    assert roll_last - roll_first == 2
    r = cli("fork", "--db", db, "--at", roll_last - 1, "--to", tmp_path / "f.db")  # inside the roll: cut before it
    assert r.returncode == 0, r.stderr
    assert f"at seq {roll_first - 1}" in r.stdout
    p = tmp_path / "whatif.jsonl"
    p.write_text(json.dumps({"type": "RollAttritionDie", "procedure": "A1", "value": 9}) + "\n")
    assert cli("play", "--db", tmp_path / "f.db", p).returncode == 0
    with Game.open(tmp_path / "f.db") as f, Game.open(db) as g:
        fork_roll = [e for _s, e in f.events() if type(e).__name__ == "DieRolled"]
        game_roll = [e for _s, e in g.events() if type(e).__name__ == "DieRolled"]
        assert [(r.value, r.entered) for r in fork_roll] == [(9, True)]
        assert [r.entered for r in game_roll] == [False]  # the original keeps its own seeded roll
        assert (f.state.units["us-inf-3"].airdropped_from, g.state.units["us-inf-3"].airdropped_from) == ("", "0502")
    for path in (db, tmp_path / "f.db"):
        r = cli("verify", "--db", path)
        assert r.returncode == 0, r.stdout + r.stderr
    r = cli("fork", "--db", db, "--at", "3", "--to", tmp_path / "g2.db")
    assert r.returncode == 2 and "before the end of the scenario's setup" in r.stderr
    assert not (tmp_path / "g2.db").exists()


def test_reveal_then_anyone_verifies(db, tmp_path):
    seed = (tmp_path / "g.db.seed").read_text().strip()
    r = cli("reveal", "--db", db)
    assert r.returncode == 0, r.stderr
    assert "revealed" in r.stdout
    (tmp_path / "g.db.seed").unlink()
    r = cli("verify", "--db", db, "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    rep = json.loads(r.stdout)
    assert rep["ok"] and rep["seed"] == "revealed" and rep["rolls_derived"] == 1
    assert seed in table(db, "SELECT data FROM events WHERE type = 'SeedRevealed'")[0][0]
    r = cli("reveal", "--db", db)
    assert r.returncode == 2 and "already revealed" in r.stderr
