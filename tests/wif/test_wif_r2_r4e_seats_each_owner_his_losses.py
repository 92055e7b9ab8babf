"""Seats for the results: each owner takes his own losses (11.16.5-R2), the defender names the first
loss's type (11.16.5-R4e), and a kampfgruppe's owner builds with it. INVENTED position, SYNTHETIC table."""
from __future__ import annotations

import msgspec

from turnlog import commands as c
from turnlog.events.setup import TurnSequenceSpec

from helpers import new_game
from seats_position import refused_from
from test_wif_ex_r_ex_k_through_the_game import UNITS
from wif_helpers import begin, position
from wif_loss_helpers import COSTS

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "host": "hq", "claims": {"die": "any", "host-fact": "any", "report": "any"}}


def test_r2_r4e_each_seat_its_own_choice(tmp_path):
    """11.16.5-R2, 11.16.5-R4e: the wrong seat is refused, naming the clause; the right one is accepted."""
    sc = position(UNITS, wif={"build_costs": COSTS})
    sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(
        sc.rules, turn_sequence=TurnSequenceSpec(phases=["combat", "production"])))
    g = new_game(tmp_path, sc, seats=SEATS)
    g.execute(begin(attackers=["mech1", "inf1", "inf2", "inf3"], invaders=["inf1", "inf2"],
                    in_supply={"mech1": True}, retreat_route={"mech1": True}), actor="alice")
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"), actor="alice")
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 1, "defender": 1}), actor="alice")
    refused_from(g, c.DesignateFirstLossType(procedure="L1", kind="arm"), "alice", "11.16.5-R4e")
    g.execute(c.DesignateFirstLossType(procedure="L1", kind="arm"), actor="bob")
    err = refused_from(g, c.TakeLandCombatLosses(procedure="L1", side="defender", units=["einf"]), "alice",
                       "11.16.5-R2")
    assert "bob" in err.message
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="defender", units=["einf"]), actor="bob")
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="attacker", units=["mech1"]), actor="alice")
    g.execute(c.StartPhase(phase="production"), actor="hq")
    g.execute(c.BuildWithKampfgruppe(credit="KG1", unit_class="MIL"), actor="alice")
    g.close()
