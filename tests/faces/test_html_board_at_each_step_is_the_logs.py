"""The board the replay draws at every seq is Game.at(seq): its deltas, folded as the page folds them,
give each unit's place and each hex's controller, across undo, redo and automatic events."""
from __future__ import annotations

from turnlog.engine.commands import (BeginAttrition, MarkOffensive, MoveUnit, RollAttritionDie, SelectOccupation,
                                     SetControl, SetSupply, TakeAttritionLosses)
from turnlog.engine.faces.diff import where
from turnlog.events.attrition import Selection

from fixtures.backbone import ZONE, bridgehead
from html_browser import export_html, page_data


def _folded(data: dict):
    """Each step's (units -> place, hex -> controller), folded from the deltas as the page's apply() does."""
    hexes = [h[0] for h in data["hexes"]]
    units, control = {}, {}
    for step in data["steps"]:
        d = step[3] or {}
        for uid, hx, off, face in d.get("u", []):
            if face < 0:
                units.pop(uid, None)
            else:
                units[uid] = hexes[hx] if hx >= 0 else off
        for i, f in d.get("c", []):
            if f:
                control[hexes[i]] = f
            else:
                control.pop(hexes[i], None)
        yield dict(units), dict(control)


def test_every_step_shows_the_board_of_its_seq(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:  # tests/core/test_replay_time_travel.py's game: undo, redo, overrides
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.execute(SetSupply(unit="us-inf-4", supply="partial"))
        g.undo()
        g.execute(MarkOffensive(units=["ge-inf-2"]))
        g.undo()
        g.redo()
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        g.execute(RollAttritionDie(procedure="A1", value=3))
        g.undo(override=True, referee="ref")
        g.execute(RollAttritionDie(procedure="A1", value=3))
        g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
        g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1"])]))
        g.undo()
        g.redo()
        g.execute(SetControl(hex="0502", faction="AX"))
        g.undo()
        boards = [({u.id: where(u) for u in st.units.values()}, dict(st.control))
                  for st in (g.at(seq) for seq in range(1, g.log.last()[0] + 1))]
        assert any(auto for *_r, auto in g.rows()) and len(g.events_of("CommandUndone")) == 5
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    folded = list(_folded(page_data(tmp_path / "r.html")))
    assert len(folded) == len(boards)
    for seq, (got, want) in enumerate(zip(folded, boards), 1):
        assert got == want, f"seq {seq}"
