"""The replay page's data grown event by event (as `turnlog serve` keeps it) is the data built from
scratch at the same moment: steps, commands, counter faces, texts, undo marks."""

from __future__ import annotations

import msgspec

from turnlog.engine.commands import MoveUnit, RollAttritionDie, TakeAttritionLosses
from turnlog.engine.faces.html.live import Live
from turnlog.engine.verify import dice
from turnlog.engine.verify.report import Report

from fixtures.backbone import bridgehead, rolled


def _rolls(g) -> dict[int, str]:
    rep = Report()
    dice.check(g, rep)
    return {r.seq: r.check for r in rep.rolls}


def _grown_page(live: Live, have: dict, g) -> dict:
    """Apply what ``since`` answers to the page's data ``have``, as the served page's script does."""
    more = live.since(len(have["steps"]), len(have["commands"]), len(have["facedata"]),
                      len(have["strings"]))
    for i, seq in more["undone"]:
        have["commands"][i][7] = seq
        c = have["commands"][i]
        for step in have["steps"][c[5] - 1 : c[6]]:
            step[2] |= 2
    for key in ("steps", "commands", "facedata", "strings"):
        have[key] += more[key]
    have["nat"], have["events"] = more["nat"], more["events"]
    return have


def test_grown_data_equals_the_data_built_afresh_through_an_undo(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:
        live = Live(g, _rolls(g))
        page = msgspec.json.decode(msgspec.json.encode(live.data))  # the page's copy, as sent
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        live.grow(g, _rolls(g))
        page = _grown_page(live, page, g)
        g.undo()
        from turnlog.engine.commands import BeginAttrition

        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"))
        g.execute(RollAttritionDie(procedure="A1"))
        live.grow(g, _rolls(g))
        g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
        live.grow(g, _rolls(g))
        page = _grown_page(live, page, g)
        afresh = Live(g, _rolls(g))
        assert live.data == afresh.data
        assert page == msgspec.json.decode(msgspec.json.encode(afresh.data))
        assert any(s[2] & 2 for s in page["steps"])  # the move's steps, marked undone later
        assert live.board.faces == afresh.board.faces and live.svg(g) == afresh.svg(g)


def test_nothing_new_is_an_empty_answer(tmp_path):
    with rolled(tmp_path / "g.db", value=3) as g:
        live = Live(g, _rolls(g))
        d = live.data
        more = live.since(len(d["steps"]), len(d["commands"]), len(d["facedata"]), len(d["strings"]))
        assert more["steps"] == more["commands"] == more["faces"] == more["strings"] == []
