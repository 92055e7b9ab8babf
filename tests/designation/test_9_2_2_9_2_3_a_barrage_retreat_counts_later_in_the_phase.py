"""9.2.2, 9.2.3: a retreat earlier in the Combat Phase counts when it came from the barrage too.

The barrage (12.0) is outside the text; the host reports its retreats with its shift markers
(ReportArtilleryShifts ``retreats``). A defender that retreated into a hex attacked later adds nothing
to that defence but is reached by its result (9.2.3); an active unit that retreated into an attacking
hex is reached by the result of an assault it did not take part in (9.2.2). INVENTED positions.
"""
from __future__ import annotations

import pytest

from turnlog import commands as c
from turnlog.engine.errors import CommandError
from turnlog.events import designation as d
from turnlog.events.game import UnitRetreated

from helpers import refused
from war_helpers import game, proc, u


def _barrage(g, *moves: tuple[str, str]) -> list:
    g.execute(c.EndAttackDesignation(procedure="C1"))
    done = g.execute(c.ReportArtilleryShifts(procedure="C1", hexes=[],
                                             retreats=[c.Retreat(unit=x, to=h) for x, h in moves]))
    g.execute(c.StartGroundAssaultSegment(procedure="C1"))
    return [e for _s, e in done]


def test_9_2_3_a_defender_the_barrage_drove_into_the_hex_adds_nothing_but_is_reached(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301"), u("e2", "0501")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    events = _barrage(g, ("e2", "0301"))
    assert d.BarrageRetreatsReported(procedure="C1", retreated={"e2": "0301"}) in events
    moved = next(e for e in events if isinstance(e, UnitRetreated))
    assert (moved.unit, moved.from_hex, moved.to_hex, moved.rule) == ("e2", "0501", "0301", "12.0")
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    assert proc(g).assaults["G1"].retreated_in == ["e2"]
    done = g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DE", eliminated=["e1", "e2"]))
    gone = {e.unit: e.rule for _s, e in done if type(e).__name__ == "UnitEliminated"}
    assert gone == {"e1": "9.2.0", "e2": "9.2.3"}


def test_9_2_2_an_active_unit_the_barrage_drove_into_the_attacking_hex_is_reached(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a4", "0204", cls="artillery"), u("e1", "0301")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    _barrage(g, ("a4", "0202"))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    done = g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="AE", eliminated=["a1", "a4"]))
    gone = {e.unit: e.rule for _s, e in done if type(e).__name__ == "UnitEliminated"}
    assert gone == {"a1": "9.2.2", "a4": "9.2.2"}


def test_9_2_2_without_the_barrage_retreat_the_same_unit_is_not_reached(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a4", "0202", cls="artillery"), u("e1", "0301")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    _barrage(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    refused(g, c.ReportGroundAssaultResult(procedure="C1", assault="G1", eliminated=["a4"]), "9.2.2")


def test_a_barrage_report_without_retreats_writes_what_it_always_wrote(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    events = _barrage(g)
    assert [type(e).__name__ for e in events] == ["ArtilleryShiftsReported"]


@pytest.mark.parametrize("retreats, field", [
    ([("nobody", "0301")], 'retreats[0].unit: "nobody" is no unit'),
    ([("e2", "0301"), ("e2", "0302")], 'retreats[1].unit: "e2" is named twice'),
    ([("e2", "9999")], 'retreats[0].to: "9999" is no hex'),
    ([("e2", "0501")], 'retreats[0].to: "0501" is already its hex'),
])
def test_a_barrage_retreat_the_map_cannot_hold_is_refused_naming_the_field(tmp_path, retreats, field):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301"), u("e2", "0501")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    g.execute(c.EndAttackDesignation(procedure="C1"))
    last = g.log.last()
    with pytest.raises(CommandError) as err:
        g.execute(c.ReportArtilleryShifts(procedure="C1", hexes=[],
                                          retreats=[c.Retreat(unit=x, to=h) for x, h in retreats]))
    assert field in str(err.value) and g.log.last() == last


def test_verify_names_a_barrage_retreat_written_where_the_report_did_not_send_it(tmp_path):
    """A rogue client reports e2 into 0301 but writes it into 0202 (next to no attacker: never reached)."""
    from turnlog.engine.verify import verify
    from turnlog.events.codec import encode

    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301"), u("e2", "0501")])
    g.execute(c.DesignateAttackers(procedure="C1", units=["a1"]))
    g.execute(c.EndAttackDesignation(procedure="C1"))
    cmd = c.ReportArtilleryShifts(procedure="C1", hexes=[], retreats=[c.Retreat(unit="e2", to="0301")])
    forged = [d.ArtilleryShiftsReported(procedure="C1", hexes=[]),
              d.BarrageRetreatsReported(procedure="C1", retreated={"e2": "0401"}),
              UnitRetreated(unit="e2", from_hex="0501", to_hex="0401", rule="12.0", procedure="C1")]
    _cid, seqs = g.log.append([(type(e).__name__, e.version, encode(e).decode(), False) for e in forged],
                              expected_seq=g.state.seq, command_type="ReportArtilleryShifts",
                              payload=c.encode(cmd).decode())
    g.state = g.at()
    assert g.state.units["e2"].hex == "0401"  # the chain holds: the log reads as written
    rep = verify(g)
    assert not rep.ok and rep.discrepancy is not None and rep.discrepancy.seq == seqs[1]
    g.close()
