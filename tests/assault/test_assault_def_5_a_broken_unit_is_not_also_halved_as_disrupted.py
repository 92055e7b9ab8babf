"""AS-DEF.5 against AS-DEF.1: a Broken defender defends at 1/4, not 1/8. Broken is the stage past Disrupted, and
a unit Broken after being Disrupted keeps both markers, so AS-DEF.1's Disrupted must not count again
(docs/rulings.md, AS-DEF.1-5). INVENTED units and ratings."""
from __future__ import annotations

from turnlog import commands as c

from assault_helpers import NO_LOSS, game, u
from assault_values_helpers import assault, rules_of, unit


def test_as_def_5_a_disrupted_unit_the_host_breaks_keeps_both_markers(tmp_path):
    """The state the fix is about is the engine's own: Breaking a Disrupted unit leaves both markers."""
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302", markers=["disrupted"], assault=0, defence=100)], pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.ResolveAssault(procedure="S1", values=NO_LOSS))
    g.execute(c.ReportDisruption(procedure="S1", broken=["e1"]))
    assert set(g.state.units["e1"].markers) == {"disrupted", "broken"}


def test_as_def_5_a_broken_unit_with_the_old_disrupted_marker_defends_at_a_quarter(tmp_path):
    units = [unit("a1", "0202"), unit("e1", "0302", assault=8, markers=["disrupted", "broken"])]
    _, t = assault(tmp_path, units, ["a1"])
    assert rules_of(t) == ["AS-DEF.5"]
    assert t.def_value == 8 * 100 / 4


def test_as_def_1_5_low_ammo_still_halves_a_broken_unit(tmp_path):
    """Only the Disrupted condition gives way to Broken; Low Ammo is another state and still counts (P3)."""
    units = [unit("a1", "0202"), unit("e1", "0302", assault=8, markers=["disrupted", "broken", "low_ammo"])]
    _, t = assault(tmp_path, units, ["a1"])
    assert rules_of(t) == ["AS-DEF.1", "AS-DEF.5"]
    assert t.def_value == 8 * 100 / 2 / 4
