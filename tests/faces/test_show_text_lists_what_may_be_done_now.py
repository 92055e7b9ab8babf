"""`turnlog show` (text, not only --json) lists the zones the active player may begin attrition in
and what each open procedure waits for, read from legal() for the seq shown."""
from __future__ import annotations

from fixtures.backbone import cli, finished


def test_show_names_the_zones_then_the_next_command_then_nothing(tmp_path):
    db = tmp_path / "f.db"
    finished(db).close()
    before = cli("show", "--db", db, "--at", "23")
    assert before.returncode == 0, before.stderr
    # what may be done, then whose move (the last lines; a hot-seat game names the phasing side)
    lines = before.stdout.rstrip().splitlines()
    assert lines[-2:] == [
        "  AX may begin attrition in: WA/western/0505 (command: BeginAttrition attacker=AX zone=ZONE)",
        "  whose move: AX to move: start the supply phase (turn), or end AX's player turn (turn.seats)."]
    rolled = cli("show", "--db", db, "--at", "29").stdout
    assert ("  A1 waits for WA (defender): TakeAttritionLosses procedure=A1 units: exactly 2 of us-inf-1, "
            "us-inf-2, us-inf-3, us-inf-4 (14.51)") in rolled
    assert "may begin attrition" not in rolled   # the turn is held while A1 is open
    done = cli("show", "--db", db).stdout
    assert "waits for" not in done
    assert done.rstrip().splitlines()[-2] == "  no zone left to attrition in this phase"


def test_show_before_the_attrition_phase_adds_nothing(tmp_path):
    db = tmp_path / "f.db"
    finished(db).close()
    out = cli("show", "--db", db, "--at", "21").stdout
    assert "attrition in" not in out and "waits for" not in out
