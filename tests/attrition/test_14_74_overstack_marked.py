"""14.74: a hex overstacked by a retreat is marked, once, and the mark lasts until the defender's next
movement phase (his own, not another faction's: the owner is the faction whose units stand there).

Position: it-1 (0404, 12 factors) takes 0504 (1C/1H, us-y lost); us-x and us-x2 must retreat and 0604,
which holds one unit under a stacking limit of one, is the only open hex.
"""
from __future__ import annotations

from turnlog.engine.commands import BeginAttrition, MoveUnit, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation, \
    StartPhase, StartPlayerTurn, TakeAttritionLosses
from turnlog.events.attrition import Selection
from turnlog.events.game import OverstackMarked

from helpers import hexes, new_game, scenario, unit


def overstacked(tmp_path):
    hx = hexes("0404:AX 0504:WA")
    hx.append({**hexes("0604:WA")[0], "stacking_limit": 1})
    units = [unit("it-1", "IT", "0404", 12), unit("us-x", "US", "0504"), unit("us-x2", "US", "0504"),
             unit("us-y", "US", "0504", 2), unit("us-s", "US", "0604")]
    g = new_game(tmp_path, scenario(hx, units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"])]))
    written = [e for _, e in g.execute(RetreatUnits(procedure="A1", retreats=[
        Retreat(unit="us-x", to="0604"), Retreat(unit="us-x2", to="0604")]))]
    return g, written


def test_14_74_overstacked_hex_marked_once(tmp_path):
    g, written = overstacked(tmp_path)
    assert [e for e in written if isinstance(e, OverstackMarked)] == [
        OverstackMarked(hex="0604", rule="14.74", procedure="A1")]
    assert g.state.overstacked == ["0604"]
    assert g.state == g.at(use_snapshots=False)


def test_14_74_mark_lasts_until_the_defenders_next_movement_phase(tmp_path):
    g, _ = overstacked(tmp_path)
    g.execute(StartPhase(phase="supply"))
    assert g.state.overstacked == ["0604"]
    g.execute(StartPlayerTurn(faction="WA"))
    assert g.state.overstacked == ["0604"]
    g.execute(StartPhase(phase="movement"))
    assert g.state.overstacked == []


def test_14_74_no_mark_without_overstacking(tmp_path):
    hx = hexes("0404:AX 0504:WA 0604:WA")
    units = [unit("it-1", "IT", "0404", 12), unit("us-x", "US", "0504"), unit("us-y", "US", "0504", 2)]
    g = new_game(tmp_path, scenario(hx, units))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="AX", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    g.execute(TakeAttritionLosses(procedure="A1", units=["us-y"]))
    g.execute(SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"])]))
    written = [e for _, e in g.execute(RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="0604")]))]
    assert not any(isinstance(e, OverstackMarked) for e in written) and g.state.overstacked == []


def test_14_74_another_factions_movement_phase_keeps_the_mark(tmp_path):
    # The audit's probe: AX overstacks WA, and Russia moves first; the mark is WA's to remedy.
    g, _ = overstacked(tmp_path)
    g.execute(StartPhase(phase="supply"))
    g.execute(StartPlayerTurn(faction="RU"))
    g.execute(StartPhase(phase="movement"))
    assert g.state.overstacked == ["0604"]
    g.execute(StartPlayerTurn(faction="AX"))
    g.execute(StartPhase(phase="movement"))
    assert g.state.overstacked == ["0604"]
    g.execute(StartPlayerTurn(faction="WA"))
    g.execute(StartPhase(phase="movement"))
    assert g.state.overstacked == [] and g.state == g.at(use_snapshots=False)


def test_14_74_a_mark_with_nothing_left_to_remedy_lapses_at_any_movement_phase(tmp_path):
    g, _ = overstacked(tmp_path)
    g.execute(StartPhase(phase="supply"))
    g.execute(StartPlayerTurn(faction="RU"))
    g.execute(StartPhase(phase="initial_supply"))
    for uid in ("us-x", "us-x2", "us-s"):
        g.execute(MoveUnit(unit=uid, hex="0504"))
    g.execute(StartPhase(phase="movement"))
    assert g.state.overstacked == []
