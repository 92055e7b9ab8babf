"""11.16.5-R2 as games of rulings edition 5 and before played it (docs/rulings.md, "R2 with two owners on a
side"): when a side's units belong to two factions the side's lead picks for all of them: the defending
faction named by the combat (its first defending unit's), and the attacking faction, the active one.
Edition 6 corrects it (``own_losses``: each owner picks its own, test_wif_r2_each_owner_of_a_side_picks_
its_own_losses.py). INVENTED position."""
from __future__ import annotations

import msgspec

import rogue_rows as rogue
from turnlog import commands as c
from turnlog.engine.verify import verify
from turnlog.engine.wif.procedure import KIND

from helpers import new_game
from seats_position import refused_from
from wif_helpers import begin, combat, position, u


def test_wif_r2_edition_5_a_soviet_unit_defending_beside_a_us_one_is_chosen_for_by_wa(tmp_path):
    """11.16.5-R2: US (WA) and Soviet (RU) corps defend together; the combat names WA as the defender, and WA's
    seat is the one that takes the defending side's losses, the Soviet corps among them."""
    units = [u("a1", "ARM"), u("e1", "INF"), {**u("e2", "INF"), "nationality": "SU"}]
    sc = position(units)
    g = new_game(tmp_path, msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=5)))
    g.execute(begin(attackers=["a1"]))
    assert (combat(g).defender, combat(g).defenders) == ("WA", ["e1", "e2"])
    actor = KIND.who(g.state, c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e2"]))
    assert (actor.faction, actor.rule) == ("WA", "11.16.5-R2")


def test_wif_r2_edition_6_the_soviet_units_part_is_the_soviet_seats(tmp_path):
    units = [u("a1", "ARM"), u("e1", "INF"), {**u("e2", "INF"), "nationality": "SU"}]
    g = new_game(tmp_path, position(units))
    g.execute(begin(attackers=["a1"]))
    actor = KIND.who(g.state, c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e2"]))
    assert (actor.faction, actor.rule) == ("RU", "11.16.5-R2")


SEATS = {"factions": {"AX": "alice", "WA": "bob", "RU": "carol"}, "host": "hq",
         "claims": {"die": "any", "host-fact": "any", "report": "any"}}
TWO = [u("a1", "ARM"), u("a2", "ARM"), u("e1", "INF"), {**u("e2", "INF"), "nationality": "SU"}]


def at_losses(tmp_path, edition: int = 0, seats=None):
    """The assault table at 3:1 and dice 10/10: the cell asks two units of the defender, none of AX."""
    sc = position(TWO)
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    g = new_game(tmp_path, sc, **({"seats": seats} if seats else {}))
    actor = {"actor": "alice"} if seats else {}
    g.execute(begin(attackers=["a1", "a2"]), **actor)
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"), **actor)
    g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": 10, "defender": 10}), **actor)
    assert (combat(g).phase, combat(g).def_loss) == ("losses", "2")
    return g


def test_wif_r2_edition_6_a_seat_may_not_give_up_the_other_owners_unit(tmp_path):
    """11.16.5-R2: WA's seat listing the Soviet corps is refused; each seat gives up its own."""
    g = at_losses(tmp_path, seats=SEATS)
    refused_from(g, c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e2"]), "bob", "11.16.5-R2")
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e1"]), actor="bob")
    g.execute(c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e2"]), actor="carol")
    assert combat(g).settled == ["defender"] and verify(g).ok


def test_wif_r2_a_rogue_lead_list_of_both_owners_units_in_edition_6_is_named_by_verify(tmp_path):
    """A log written around R2 (WA's list of both owners' corps, as edition 5 took it; the chain intact):
    verify names its seq."""
    cmd = c.TakeLandCombatLosses(procedure="L1", side="defender", units=["e1", "e2"])
    rows = rogue.honest_rows(at_losses(tmp_path, edition=5), cmd)
    g = at_losses(tmp_path)
    seq = rogue.append(g, "TakeLandCombatLosses", msgspec.json.encode(cmd).decode(), rows)
    rep = verify(g)
    assert not rep.ok and rep.first_named() == seq
