"""AS-COST.2, AS-COST.3: an attacker needs two thirds of its movement allowance left and pays the larger of
that (rounded up, reading P10) and its cost to enter the defending hex. INVENTED allowances and costs."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events.codec import decode

from assault_helpers import game, u
from helpers import refused


def _spent(g):
    rows = g.log.rows_of_type("AssaultMovementSpent")
    return {e.unit: (e.amount, e.entry, e.rule) for e in (decode(r[2], r[3], r[4]) for r in rows)}


def test_as_cost_2_two_thirds_of_the_allowance_must_be_left(tmp_path):
    g = game(tmp_path, [u("a1", "0202", ma=9, left=5), u("a2", "0202", ma=9, left=6), u("e1", "0302")])
    err = refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-COST.2")
    assert "5 of its 9" in str(err)
    g.execute(c.DeclareAssault(hex="0302", units=["a2"]))   # exactly two thirds is enough
    assert _spent(g) == {"a2": (6, 0, "AS-COST.3")} and g.state.units["a2"].movement_left == 0


def test_as_cost_2_the_fraction_is_exact(tmp_path):
    """2/3 of 10 is 6 2/3: 6 points left is not enough, 7 is (reading P10)."""
    g = game(tmp_path, [u("a1", "0202", ma=10, left=6), u("a2", "0202", ma=10, left=7), u("e1", "0302")])
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-COST.2")
    g.execute(c.DeclareAssault(hex="0302", units=["a2"]))
    assert _spent(g) == {"a2": (7, 0, "AS-COST.3")} and g.state.units["a2"].movement_left == 0


def test_as_cost_3_two_thirds_when_the_entry_is_cheaper(tmp_path):
    g = game(tmp_path, [u("a1", "0202", ma=9), u("e1", "0302")], spec="0302:village")
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    assert _spent(g) == {"a1": (6, 3, "AS-COST.3")} and g.state.units["a1"].movement_left == 3


def test_as_cost_3_the_entry_cost_when_it_is_larger(tmp_path):
    g = game(tmp_path, [u("a1", "0202", ma=9), u("a2", "0203", ma=12), u("e1", "0302")], spec="0302:heath")
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.AddAssaultUnits(procedure="S1", units=["a2"]))
    assert _spent(g) == {"a1": (8, 8, "AS-COST.3"), "a2": (8, 8, "AS-COST.3")}
    assert (g.state.units["a1"].movement_left, g.state.units["a2"].movement_left) == (1, 4)


def test_as_cost_3_a_cost_beyond_the_points_left_is_refused(tmp_path):
    """Reading: a unit cannot pay an entry cost it does not have, as it could not move in."""
    g = game(tmp_path, [u("a1", "0202", ma=6, left=6), u("e1", "0302")], spec="0302:heath")
    assert "costs 8" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-COST.3"))
