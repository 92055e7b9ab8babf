"""The replay marks undone and automatic events, says how each die was derived and cites every modifier."""
from __future__ import annotations

from turnlog.engine.commands import MoveUnit, TakeAttritionLosses

from fixtures.backbone import bridgehead, rolled
from html_browser import export_html, page_data


def _steps_of(data: dict, ctype: str) -> list[tuple[int, list]]:
    """(seq, step) of every event of the commands of type ``ctype``."""
    kinds = {i for i, c in enumerate(data["commands"]) if c[3] == ctype}
    return [(seq, s) for seq, s in enumerate(data["steps"], 1) if s[0] in kinds]


def test_an_undone_command_is_marked_and_its_undo_puts_the_unit_back(tmp_path):
    with bridgehead(tmp_path / "g.db") as g:
        g.execute(MoveUnit(unit="us-inf-3", hex="0502"))
        g.undo()
        undo_seq = g.log.last()[0]
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    move = next(c for c in data["commands"] if c[3] == "MoveUnit")
    assert move[7] == undo_seq  # the command knows the seq of its undo
    (seq, step), = _steps_of(data, "MoveUnit")
    assert step[2] & 2 and "us-inf-3 moved to 0502" in step[1]
    moved = {u[0]: u for u in step[3]["u"]}
    undo = data["steps"][undo_seq - 1]
    assert "command 2 undone" in undo[1] and not undo[2] & 2
    back = {u[0]: u for u in undo[3]["u"]}
    assert data["hexes"][moved["us-inf-3"][1]][0] == "0502"
    assert data["hexes"][back["us-inf-3"][1]][0] != "0502"


def test_automatic_events_are_flagged(tmp_path):
    with bridgehead(tmp_path / "g.db"):
        pass
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    zones = [s for s in data["steps"] if "attrition zones fixed" in s[1]]
    assert zones and all(s[2] & 1 for s in zones)
    assert not any(s[2] & 1 for s in data["steps"] if s[1].startswith("hex "))


def test_a_seeded_roll_says_it_was_re_derived_and_the_result_cites_its_modifiers(tmp_path):
    with rolled(tmp_path / "g.db") as g:
        result = next(ev for _s, _c, ev in g.events_of("AttritionResultDetermined"))
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    detail = {s[1]: data["strings"][s[4]] for s in data["steps"]}
    roll = next(t for t in detail if t.startswith("die rolled for attrition/"))
    assert "(committed seed)" in roll
    assert "derived from the committed seed and the key" in detail[roll] and "it matches" in detail[roll]
    assert "verify re-derived it from the seed: it matches" in detail[roll]
    res = next(t for t in detail if ": die " in t and "(14.41)" in t)
    assert result.modifiers and all(str(m) in res and f"modifier {m}" in detail[res] for m in result.modifiers)
    assert "row " in detail[res] and "column:" in detail[res]


def test_an_entered_die_is_shown_as_entered_by_hand(tmp_path):
    with rolled(tmp_path / "g.db", value=4) as g:
        g.execute(TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"]))
    assert export_html(tmp_path / "g.db", tmp_path / "r.html") == 0
    data = page_data(tmp_path / "r.html")
    roll = next(s for s in data["steps"] if s[1].startswith("die rolled for"))
    assert "(entered by hand)" in roll[1]
    assert "entered by hand: verify lists it as such" in data["strings"][roll[4]]
