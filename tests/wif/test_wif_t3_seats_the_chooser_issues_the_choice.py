"""In a seated game the table's choice comes from the chooser's seat (11.16.5-T3), the rest as the phase
table says: the attacker opens the combat and rolls. INVENTED position, synthetic tables."""
from __future__ import annotations

from turnlog import commands as c

from helpers import new_game
from seats_position import refused_from
from wif_helpers import begin, position, u

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol", "claims": {"die": "any", "host-fact": "any", "report": "any"}}


def test_wif_t3_the_defenders_choice_is_refused_from_the_attackers_seat(tmp_path):
    """11.16.5-T3: the attacker has less ARM, so bob (WA) chooses; alice's choice is refused, naming the seat."""
    g = new_game(tmp_path, position([u("a1", "INF"), u("e1", "MECH")]), seats=SEATS)
    g.execute(begin(attackers=["a1"]), actor="alice")
    cmd = c.ChooseCombatTable(procedure="L1", table="assault")
    err = refused_from(g, cmd, "alice", "11.16.5-T3")
    assert "defender, WA (seat bob)" in err.message
    g.execute(cmd, actor="bob")
    refused_from(g, c.RollLandCombatDice(procedure="L1", values={"attacker": 3, "defender": 4}), "bob", "11.16.5-T1")
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 3, "defender": 4}), actor="alice")


def test_wif_t3_the_attackers_choice_is_his_seats(tmp_path):
    """11.16.5-T3: with at least as much ARM the attacker (alice) chooses; bob may not."""
    g = new_game(tmp_path, position([u("a1", "ARM"), u("e1", "INF")]), seats=SEATS)
    g.execute(begin(attackers=["a1"]), actor="alice")
    refused_from(g, c.ChooseCombatTable(procedure="L1", table="blitz"), "bob", "11.16.5-T3")
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"), actor="alice")
