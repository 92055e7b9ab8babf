"""11.16.5-R2 under the ``own_losses`` ruling (edition 6): the owning player always picks losses, so a side
whose units belong to two factions takes them in parts, each owner listing only its own units; the part
that pays the rest (or leaves no other owner a unit) settles the side. US (WA) corps d1, d3 and a US
division dd defend beside Soviet (RU) corps d2, d4. INVENTED units; given the combat's state, when a
part, then its events."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine.errors import RuleViolation
from turnlog.engine.wif import results_text
from turnlog.engine.wif.procedure import KIND
from turnlog import commands as c
from turnlog.events import wif_losses as w
from turnlog.events.game import UnitEliminated

from wif_loss_helpers import named, position, take, u

SU = {"nationality": "SU"}
UNITS = [u("a1", "INF"), u("d1", "INF"), u("d2", "INF", **SU), u("d3", "INF"), u("d4", "INF", **SU)]


def combat(state):
    return state.kinds["wif"].procedures["L1"]


def refused(state, side: str, units: list[str], rule: str, words: str = "") -> RuleViolation:
    with pytest.raises(RuleViolation) as err:
        take(state, side, units)
    assert err.value.rule == rule and words in err.value.message
    return err.value


def test_11_16_5_r2_each_owner_pays_its_own_part_and_the_last_part_settles_the_side():
    state, _ = position(UNITS, def_loss="2")
    ev = take(state, "defender", ["d1"])
    assert named(ev, w.LandCombatLossesTaken) == [] and combat(state).settled == []
    [gone] = named(ev, UnitEliminated)
    assert gone.unit == "d1" and "WA's part of the defender's losses (1 casualty points still owed" in gone.reason
    ev = take(state, "defender", ["d2"])
    assert named(ev, w.LandCombatLossesTaken) == [w.LandCombatLossesTaken(procedure="L1", side="defender",
                                                                           units=["d2"], cp="1")]
    assert combat(state).settled == ["defender"] and not state.units["d3"].eliminated


def test_11_16_5_r2_one_owner_may_pay_the_whole_part_and_settle_it():
    state, _ = position(UNITS, def_loss="2")
    ev = take(state, "defender", ["d2", "d4"])
    assert named(ev, w.LandCombatLossesTaken)[0].units == ["d2", "d4"]
    assert combat(state).settled == ["defender"] and not state.units["d1"].eliminated


def test_11_16_5_r2_a_list_naming_another_owners_unit_is_refused():
    """R2: the owner picks; WA may not give up RU's corps (nor list both)."""
    state, _ = position(UNITS, def_loss="2")
    refused(state, "defender", ["d1", "d2"], "11.16.5-R2", "each owner lists only its own units' losses")
    assert not state.units["d1"].eliminated


def test_11_16_5_r3_a_part_may_not_pay_past_what_is_still_owed():
    state, _ = position(UNITS, def_loss="2")
    take(state, "defender", ["d2"])
    refused(state, "defender", ["d1", "d3"], "11.16.5-R3", "1 still owed")


def test_11_16_5_r3_the_last_owner_with_units_pays_all_it_can_and_the_rest_is_a_shortfall():
    state, _ = position([u("a1", "INF"), u("d1", "INF"), u("d2", "INF", **SU), u("d4", "INF", **SU)],
                        def_loss="4")
    take(state, "defender", ["d1"])
    refused(state, "defender", ["d2"], "11.16.5-R3", "RU must pay 2")
    ev = take(state, "defender", ["d2", "d4"])
    assert named(ev, w.LandCombatLossesTaken)[0].shortfall == "1"


def test_11_16_5_k1b_a_corps_of_the_other_owner_paying_a_divisions_open_half_is_a_kampfgruppe():
    units = [u("a1", "INF"), u("dd", "INF", "division"), u("d2", "INF", **SU)]
    state, _ = position(units, def_loss="1", in_supply={"d2": True}, retreat_route={"d2": True})
    assert named(take(state, "defender", ["dd"]), w.KampfgruppeFormed) == []
    kg = named(take(state, "defender", ["d2"]), w.KampfgruppeFormed)
    assert [(k.unit, k.rule) for k in kg] == [("d2", "11.16.5-K1b")]


def test_11_16_5_r2_legal_offers_each_owner_its_own_units_and_the_seat_is_the_owners():
    state, _ = position(UNITS, def_loss="2")
    got = [(ch.faction, ch.options[0].values) for ch in results_text.choices(state, combat(state))]
    assert got == [("WA", ["d1", "d3"]), ("RU", ["d2", "d4"])]
    for units, owner in ((["d2"], "RU"), (["d1"], "WA")):
        cmd = c.TakeLandCombatLosses(procedure="L1", side="defender", units=units)
        assert (KIND.who(state, cmd).faction, KIND.who(state, cmd).rule) == (owner, "11.16.5-R2")


def test_11_16_5_r2_an_edition_5_game_lets_the_lead_pick_for_both_owners():
    state, _ = position(UNITS, def_loss="2")
    state.rules = msgspec.structs.replace(state.rules, edition=5)
    ev = take(state, "defender", ["d1", "d2"])
    assert named(ev, w.LandCombatLossesTaken)[0].units == ["d1", "d2"]
    cmd = c.TakeLandCombatLosses(procedure="L1", side="defender", units=["d2"])
    assert KIND.who(state, cmd).faction == "WA"
