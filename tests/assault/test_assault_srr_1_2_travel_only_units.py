"""AS-SRR.1-2: a unit that moves only in Travel Mode is eliminated when forced to retreat (SRR.1), except a towed
anti-tank gun that is not immobile: it loses half its strength (reading P13), retreats and goes into Travel
Mode (SRR.2). INVENTED units (ratings flags travel_only, at_gun, immobile)."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events import assault as a
from turnlog.events.game import UnitEliminated

from assault_helpers import beaten, of, proc, u

DEF = dict(assault=0, defence=100)


def test_as_srr_1_a_towed_gun_forced_to_retreat_is_eliminated(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", **DEF), u("e2", "0302", travel_only=1, **DEF)])
    assert g.state.units["e2"].eliminated and proc(g).retreating == ["e1"]


def test_as_srr_1_an_immobile_at_gun_is_eliminated_too(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e2", "0302", travel_only=1, at_gun=1, immobile=1, **DEF)])
    assert g.state.units["e2"].eliminated and proc(g).phase == "done"


def test_as_srr_2_a_towed_at_gun_loses_half_retreats_and_travels(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e2", "0302", travel_only=1, at_gun=1, **DEF)])
    assert proc(g).retreating == ["e2"]
    done = g.execute(c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e2", to="0403")]))
    lost = of(done, a.UnitStrengthReduced)[0]
    assert (lost.amount, lost.rule) == (50, "AS-SRR.2") and not of(done, UnitEliminated)
    e2 = g.state.units["e2"]
    assert (e2.hex, e2.mode, e2.strength) == ("0403", "travel", 50)
