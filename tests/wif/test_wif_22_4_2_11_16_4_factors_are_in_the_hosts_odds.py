"""22.4.2-AT, 11.16.4 (docs/rulings.md, "What the texts leave to the host"): an AT doubled by a chit and a tank
buster flying ground support change the factor totals, which the host has already put in the final odds; the
engine reads those odds as given and counts the units in the ARM totals only. INVENTED position."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events.wif import FactorMultiplier, TankBuster

from wif_helpers import combat, game, u


def test_wif_22_4_2_a_doubled_at_and_a_tank_buster_move_arm_not_the_column(tmp_path):
    """22.4.2-AT, 16.3, 11.16.4: a 3-factor AT division doubled by a chit counts 3 ARM (half of 3, doubled), a
    4-factor tank buster 2; with an ARM corps that is 9 against the INF corps' 2. The host's 2:1 reads the
    assault table's 2:1 column, unchanged."""
    units = [u("a1", "ARM"), u("a2", "AT", size="division", factors=3), u("e1", "INF")]
    g = game(tmp_path, units, attackers=["a1", "a2"], odds="2:1",
             multipliers=[FactorMultiplier(unit="a2", factor="2", reason="chit")],
             tank_busters=[TankBuster(unit="stuka", side="attacker", factors=4)])
    assert (combat(g).arm_attacker, combat(g).arm_defender) == ("9", "2")
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"))
    assert combat(g).column == "2:1"
