"""The volley's rules V.0-V.5 (INVENTED): given the scenario's board, when a command, then its events."""
from __future__ import annotations

import msgspec
import pytest

from turnlog import verify_path
from turnlog.commands import StartPhase
from turnlog.kit import CommandError, DieRolled, Retreat, RuleViolation, UnitEliminated, UnitRetreated
from volley.vocabulary import (OpenVolley, RetreatVolley, RollVolley, TakeVolleyLosses, VolleyOpened,
                               VolleyPhaseChanged, VolleyRolled)


def events(game, cmd) -> list:
    return [e for _s, e in game.execute(cmd)]


def refused(game, cmd, error=RuleViolation):
    """``cmd`` is refused and nothing is written."""
    last = game.log.last()
    with pytest.raises(error) as err:
        game.execute(cmd)
    assert game.log.last() == last and game.state == game.at()
    return err.value


def back(to: str) -> RetreatVolley:
    return RetreatVolley(procedure="V1", retreats=[Retreat(unit="us-1", to=to)])


def rolled(game, value: int, firers=("ge-1",)) -> list:
    game.execute(OpenVolley(target="0302", firers=list(firers)))
    return events(game, RollVolley(procedure="V1", value=value))


def test_v_1_the_active_side_opens_a_volley_at_an_enemy_hex_next_to_its_firers(game):
    offered = next(c for c in game.legal() if c.command == "OpenVolley")
    assert (offered.rule, offered.role, offered.faction) == ("V.1", "active", "AX")
    assert events(game, OpenVolley(target="0302", firers=["ge-1"])) == [VolleyOpened(
        procedure="V1", attacker="AX", defender="WA", target="0302", firers=["ge-1"], turn=1)]
    roll = next(c for c in game.legal() if c.command == "RollVolley")
    assert (roll.rule, roll.role, roll.faction) == ("V.2", "attacker", "AX")


def test_v_1_a_unit_not_next_to_the_target_may_not_fire(game):
    assert refused(game, OpenVolley(target="0303", firers=["ge-1"])).rule == "V.1"


def test_v_1_a_unit_fires_once_a_turn(game):
    rolled(game, 1)  # 1:1, roll 1: no effect
    assert refused(game, OpenVolley(target="0302", firers=["ge-1"])).rule == "V.1"


def test_v_1_a_hex_that_is_not_on_the_map_is_a_bad_field(game):
    assert "target" in str(refused(game, OpenVolley(target="9999", firers=["ge-1"]), CommandError))


def test_v_2_the_roll_reads_the_invented_table_at_odds_rounded_for_the_defender(game):
    got = rolled(game, 5, firers=("ge-1", "ge-2"))  # 5 against 3 reads 1:1; roll 5 on 1:1 is L1/R
    assert isinstance(got[0], DieRolled) and got[0].dice == "volley" and got[0].entered
    assert got[1] == VolleyRolled(procedure="V1", attack=5, defence=3, column="1:1", roll=5, cell="L1/R",
                                  losses=1, retreat=True)
    assert got[2] == VolleyPhaseChanged(procedure="V1", phase="losses")


def test_v_2_a_roll_is_a_dice_barrier(game):
    rolled(game, 1)
    with pytest.raises(RuleViolation) as err:
        game.undo()
    assert err.value.rule == "undo.dice-barrier"


def test_v_0_an_open_volley_holds_the_turn(game):
    game.execute(OpenVolley(target="0302", firers=["ge-1"]))
    assert refused(game, StartPhase(phase="exploitation")).rule == "V.0"


def test_v_3_losses_total_the_result_and_none_is_beyond_need(game):
    rolled(game, 5, firers=("ge-1", "ge-2"))  # L1/R: one factor
    offered = next(c for c in game.legal() if c.command == "TakeVolleyLosses")
    assert offered.rule == "V.3" and "totalling at least 1, none beyond need" in str(offered)
    assert refused(game, TakeVolleyLosses(procedure="V1", units=["us-1", "us-2"])).rule == "V.3"
    assert refused(game, TakeVolleyLosses(procedure="V1", units=["us-3"])).rule == "V.3"  # not in 0302
    got = events(game, TakeVolleyLosses(procedure="V1", units=["us-1"]))
    assert got == [UnitEliminated(unit="us-1", rule="V.3", procedure="V1"),
                   VolleyPhaseChanged(procedure="V1", phase="retreat")]


def test_v_4_survivors_retreat_and_v_5_not_next_to_a_firer_while_another_hex_is_open(game):
    rolled(game, 5, firers=("ge-1", "ge-2"))
    game.execute(TakeVolleyLosses(procedure="V1", units=["us-2"]))
    offered = next(c for c in game.legal() if c.command == "RetreatVolley")
    to = next(o for o in offered.options if o.field == "retreats[].to").values
    assert to == ["0402", "0403"] and offered.rule == "V.4"
    assert refused(game, back("0301")).rule == "V.5"
    assert refused(game, back("0202")).rule == "V.4"  # an enemy's
    assert refused(game, back("")).rule == "V.4"  # it can retreat
    got = events(game, back("0402"))
    assert got == [UnitRetreated(unit="us-1", from_hex="0302", to_hex="0402", rule="V.4", procedure="V1"),
                   VolleyPhaseChanged(procedure="V1", phase="done")]


def test_v_3_a_rogue_client_eliminating_beyond_need_is_named_by_verify_at_its_seq(game):
    """A log written around the rules, its hash chain intact: verify re-executes the command and names it."""
    rolled(game, 5, firers=("ge-1", "ge-2"))  # L1/R: one factor, and both units taken below
    cmd = {"type": "TakeVolleyLosses", "procedure": "V1", "units": ["us-1", "us-2"]}
    rows = [(type(e).__name__, e.version, msgspec.json.encode(e).decode(), False) for e in (
        UnitEliminated(unit="us-1", rule="V.3", procedure="V1"),
        UnitEliminated(unit="us-2", rule="V.3", procedure="V1"),
        VolleyPhaseChanged(procedure="V1", phase="done"))]
    last = game.log.last()[0]
    game.log.append(rows, expected_seq=last, actor="", command_type="TakeVolleyLosses",
                    payload=msgspec.json.encode(cmd).decode())
    path = game.log.path
    game.close()
    report = verify_path(path)
    assert not report.ok and report.discrepancy is not None and report.discrepancy.seq == last + 1
    assert report.discrepancy.rule == "V.3"
