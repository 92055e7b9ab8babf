"""14.51 with 14.52C: when the contact cap, not the lack of units, makes the defender lose fewer units than
the result calls for, legal() and why both name 14.52C beside 14.51 (3C, one US unit in contact, two more
in the rear: one loss, two disregarded)."""
from __future__ import annotations

from turnlog.engine.attrition.why import why
from turnlog.engine.commands import TakeAttritionLosses
from turnlog.events.attrition import AttritionLossesTaken

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
