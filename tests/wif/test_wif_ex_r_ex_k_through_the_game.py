"""EX-R and EX-K end to end through Game: the table (SYNTHETIC, tests/wif/wif_helpers.py) gives the attacker a 1 with
entered dice; the defender names the type (11.16.5-R4e), the attacker loses the white-print MECH (R4a), which
becomes a kampfgruppe (K1a, K1c); at AX's production phase it is credited (K2a) and helps build a MECH at 3 BP
and 2 turns (K2b, INVENTED full cost 5/3). The log replays to the live board and verifies."""
from __future__ import annotations

import msgspec

import turnlog
from turnlog import commands as c
from turnlog.events import wif_losses as wl
from turnlog.events.game import UnitEliminated
from turnlog.events.setup import TurnSequenceSpec
from turnlog.projections import state as st

from helpers import new_game, refused
from wif_helpers import begin, combat, position, u
from wif_loss_helpers import COSTS

UNITS = [u("mech1", "MECH", markers=["white_print"]), u("inf1", "INF", "0101", size="division"),
         u("inf2", "INF", "0101", size="division"), u("inf3", "INF"), u("einf", "INF")]


def game(tmp_path):
    sc = position(UNITS, wif={"build_costs": COSTS})
    rules = msgspec.structs.replace(sc.rules, turn_sequence=TurnSequenceSpec(phases=["combat", "production"]))
    g = new_game(tmp_path, msgspec.structs.replace(sc, rules=rules))
    g.execute(begin(attackers=["mech1", "inf1", "inf2", "inf3"], invaders=["inf1", "inf2"],
                    in_supply={"mech1": True, "inf3": True}, retreat_route={"mech1": True, "inf3": True}))
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 1, "defender": 1}))
    return g


def test_ex_r_and_ex_k_played_replayed_and_verified(tmp_path):
    g = game(tmp_path)
    l1 = combat(g)
    assert (l1.att_loss, l1.def_loss, l1.phase) == ("1", "1", "first_loss")
    refused(g, c.TakeLandCombatLosses(procedure="L1", side="attacker", units=["mech1"]), "11.16.5-R4e")
    g.execute(c.DesignateFirstLossType(procedure="L1", kind="arm"))
    assert combat(g).phase == "losses"
    refused(g, c.TakeLandCombatLosses(procedure="L1", side="attacker", units=["inf1", "inf2"]), "11.16.5-R4a")
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="attacker", units=["mech1"]))
    assert combat(g).phase == "losses"
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="defender", units=["einf"]))
    assert combat(g).phase == "done"
    assert g.state.units["mech1"].pool == "AX-repair" and g.state.units["einf"].pool == ""
    rows = g.execute(c.StartPhase(phase="production"))
    assert [type(e).__name__ for _s, e in rows][-2:] == ["RepairPoolEmptied", "KampfgruppeCredited"]
    refused(g, c.BuildWithKampfgruppe(credit="KG1", unit_class="ARM"), "11.16.5-K2b")
    rows = g.execute(c.BuildWithKampfgruppe(credit="KG1", unit_class="MECH"))
    assert [e for _s, e in rows] == [wl.KampfgruppeBuildRecorded(credit="KG1", unit_class="MECH", bp=3,
                                                                          turns=2)]
    assert g.at(use_snapshots=False) == g.state
    assert st.load(st.dump(g.state)) == g.state  # a snapshot reads the credits back as their Struct
    rep = turnlog.verify_path(g.log.path)
    assert rep.ok, rep.problem
    g.close()


def test_ex_r_the_invaders_named_a_division_and_a_corps(tmp_path):
    g = game(tmp_path)
    g.execute(c.DesignateFirstLossType(procedure="L1", kind="invasion"))
    rows = g.execute(c.TakeLandCombatLosses(procedure="L1", side="attacker", units=["inf1", "inf3"]))
    got = [e for _s, e in rows]
    assert [e.unit for e in got if isinstance(e, UnitEliminated)] == ["inf1", "inf3"]
    assert [(e.unit, e.rule) for e in got if isinstance(e, wl.KampfgruppeFormed)] == [("inf3", "11.16.5-K1b")]
    assert g.at(use_snapshots=False) == g.state
    g.close()


def test_the_owner_seat_and_legal_name_each_side(tmp_path):
    g = game(tmp_path)
    legal = [ch for ch in g.legal() if ch.command == "DesignateFirstLossType"]
    assert [(ch.role, ch.faction) for ch in legal] == [("defender", "WA")]
    g.execute(c.DesignateFirstLossType(procedure="L1", kind="arm"))
    sides = {ch.fixed["side"]: ch.faction for ch in g.legal() if ch.command == "TakeLandCombatLosses"}
    assert sides == {"attacker": "AX", "defender": "WA"}
    g.close()
