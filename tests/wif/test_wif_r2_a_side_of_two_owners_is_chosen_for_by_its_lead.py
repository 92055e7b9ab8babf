"""11.16.5-R2 (docs/rulings.md, "R2 with two owners on a side"): the owner picks a side's losses; when a side's
units belong to two factions the text does not say how they split the result, so the side's lead picks for
all of them: the defending faction named by the combat (its first defending unit's), and the attacking
faction, the active one. The losses still come only from that side's units. INVENTED position."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.wif.procedure import KIND

from wif_helpers import combat, game, u


def test_wif_r2_a_soviet_unit_defending_beside_a_us_one_is_chosen_for_by_wa(tmp_path):
    """11.16.5-R2: US (WA) and Soviet (RU) corps defend together; the combat names WA as the defender, and WA's
    seat is the one that takes the defending side's losses, the Soviet corps among them."""
    units = [u("a1", "ARM"), u("e1", "INF"), {**u("e2", "INF"), "nationality": "SU"}]
    g = game(tmp_path, units, attackers=["a1"])
    assert (combat(g).defender, combat(g).defenders) == ("WA", ["e1", "e2"])
    actor = KIND.who(g.state, c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e2"]))
    assert (actor.faction, actor.rule) == ("WA", "11.16.5-R2")
