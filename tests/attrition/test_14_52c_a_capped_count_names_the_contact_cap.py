"""14.51 with 14.52C: when the contact cap, not the lack of units, makes the defender lose fewer units than
the result calls for, legal() and why both name 14.52C beside 14.51 (3C, one US unit in contact, two more
in the rear: one loss, two disregarded)."""
from __future__ import annotations

from turnlog.engine.attrition.why import why
from turnlog.engine.commands import BeginAttrition, RollAttritionDie, TakeAttritionLosses
from turnlog.events.attrition import AttritionLossesTaken, AttritionResultDetermined

from helpers import NATIONALITIES, hexes, new_game, scenario, unit

from test_14_52c_contact_limit import rolled


def test_14_52c_the_capped_loss_count_is_explained_by_the_cap_in_legal_and_why(tmp_path):
    g = rolled(tmp_path, ["US"], ["US", "US"])
    ch = next(x for x in g.legal() if x.command == "TakeAttritionLosses")
    assert str(ch).endswith("units: exactly 1 of c-0-US, r-0-US, r-1-US (14.51, 14.52C)")
    done = g.execute(TakeAttritionLosses(procedure="A1", units=["r-0-US"]))
    seq, ev = next((s, e) for s, e in done if isinstance(e, AttritionLossesTaken))
    lines = "\n".join(why(g.at(seq - 1), ev))
    assert "2 more called for but not available: disregarded (14.51)" in lines
    assert "the contact caps bind: no more losses of a nationality than its units in contact (US at most 1; 14.52C)" in lines
    g.close()


def test_14_51_a_shortfall_of_units_names_no_cap(tmp_path):
    g = rolled(tmp_path, ["US", "US"], [])                     # 3C against two units, both in contact
    ch = next(x for x in g.legal() if x.command == "TakeAttritionLosses")
    assert str(ch).endswith("(14.51)")
    done = g.execute(TakeAttritionLosses(procedure="A1", units=["c-0-US", "c-1-US"]))
    seq, ev = next((s, e) for s, e in done if isinstance(e, AttritionLossesTaken))
    assert "contact caps" not in "\n".join(why(g.at(seq - 1), ev))
    g.close()


def test_14_52c_a_5c_2h_result_against_two_units_in_contact_names_the_cap(tmp_path):
    # 45 Italian factors, die 4: 5C/2H (41-50 column); two US units in contact and four in the rear.
    units = [unit(f"c-{i}", "US", "0405", 2) for i in range(2)]
    units += [unit(f"r-{i}", "US", "0407", 2) for i in range(4)]
    g = new_game(tmp_path, scenario(hexes("0404:AX 0405:WA 0406:WA 0407:WA"),
                                    [unit("it-1", "IT", "0404", 45), *units], nationalities=NATIONALITIES))
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    rolled_events = [e for _, e in g.execute(RollAttritionDie(procedure="A1", value=4))]
    assert next(e for e in rolled_events if isinstance(e, AttritionResultDetermined)).counters == 5
    ch = next(x for x in g.legal() if x.command == "TakeAttritionLosses")
    assert str(ch).endswith("units: exactly 2 of c-0, c-1, r-0, r-1, r-2, r-3 (14.51, 14.52C)")
    done = g.execute(TakeAttritionLosses(procedure="A1", units=["r-0", "c-1"]))
    seq, ev = next((s, e) for s, e in done if isinstance(e, AttritionLossesTaken))
    lines = "\n".join(why(g.at(seq - 1), ev))
    assert "3 more called for but not available: disregarded (14.51)" in lines
    assert "(US at most 2; 14.52C)" in lines
    g.close()
