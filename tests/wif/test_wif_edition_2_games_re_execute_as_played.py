"""Rulings edition 3 (docs/rulings.md, "Editions"): the land-combat corrections of the second reading (R1's
table ends, T7's d10, R4d's ENG, T6 for a gun sized a division, R3/K1b short of points) apply to games created
under edition 3; a game created under edition 2 re-executes as it was played. INVENTED position, synthetic
tables (tests/wif/wif_helpers.py)."""
from __future__ import annotations

import msgspec

from turnlog import commands as c
from turnlog.engine.kit import tables as T
from turnlog.events import wif_losses as w

from helpers import new_game
from wif_helpers import EX_T, begin, combat, position, table_text, u
import wif_loss_helpers as L


def edition_2(sc):
    return msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=2))


def test_edition_2_reads_a_blitz_table_running_on_to_10_1(tmp_path):
    sc = position(EX_T)
    sc = msgspec.structs.replace(sc, tables={**sc.tables, "wif-blitz": T.record(T.parse(table_text("assault"),
                                                                                         "wif-blitz"))})
    g = new_game(tmp_path, edition_2(sc))
    g.execute(begin())
    assert combat(g).id == "L1"


def test_edition_2_rolls_a_d6_as_each_sides_die(tmp_path):
    sc = position(EX_T)
    sc = msgspec.structs.replace(sc, dice={"wif-d10": msgspec.structs.replace(sc.dice["wif-d10"], sides=6)})
    g = new_game(tmp_path, edition_2(sc))
    g.execute(begin())
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"))
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 3, "defender": 2}))
    assert combat(g).dice == [3, 2]


def test_edition_2_takes_eng_used_naming_a_unit_that_is_no_eng(tmp_path):
    g = new_game(tmp_path, edition_2(position([*EX_T, u("sap1", "ENG", size="division")])))
    g.execute(begin(attackers=["arm1", "inf1", "sap1"], eng_used=["inf1"]))
    assert combat(g).eng_used == ["inf1"]


def test_edition_2_halves_a_motorized_art_sized_a_division(tmp_path):
    units = [u("a1", "ARM"), u("e1", "ART", size="division", markers=["motorized"]), u("e3", "INF", size="division")]
    g = new_game(tmp_path, edition_2(position(units)))
    g.execute(begin(attackers=["a1"]))
    assert combat(g).arm_defender == "3/2"   # the gun 1/2 + the INF division 1; edition 3 counts the gun whole: 2


def test_edition_2_forms_no_kampfgruppe_when_the_side_falls_short():
    state, _ = L.position([L.u("a1", "INF", "division"), L.u("a2", "MECH"), L.u("d1", "INF")], att_loss="2",
                          in_supply={"a1": True, "a2": True}, retreat_route={"a1": True, "a2": True})
    state.rules = msgspec.structs.replace(state.rules, edition=2)
    ev = L.take(state, "attacker", ["a1", "a2"])
    assert L.named(ev, w.KampfgruppeFormed) == []
