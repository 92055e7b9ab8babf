"""Who chooses the combat table (11.16.5-T2, T3, T9d, T9f; readings W5, W9, W10). INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.wif.procedure import KIND
from turnlog.events import wif as w

from helpers import refused
from wif_helpers import combat, events, game, u

WEAK = [u("a1", "INF"), u("a2", "ARM", hex="0101"), u("e1", "MECH")]


def _chooser(g) -> w.TableChooserDetermined:
    [ev] = events(g.rows(), w.TableChooserDetermined)
    return ev


def test_wif_t3_less_arm_gives_the_defender_the_choice_and_his_seat_issues_it(tmp_path):
    """11.16.5-T3, 11.16.5-T2: 0 attacking ARM against 3: the defender chooses; the choice is his seat's, and
    legal() offers it to him."""
    g = game(tmp_path, WEAK, attackers=["a1"])
    ev = _chooser(g)
    assert (ev.chooser, ev.rule) == ("defender", "11.16.5-T3")
    cmd = c.ChooseCombatTable(procedure="L1", table="blitz")
    assert KIND.who(g.state, cmd).faction == "WA"
    [offer] = [ch for ch in KIND.legal(g.state) if ch.command == "ChooseCombatTable"]
    assert (offer.role, offer.faction) == ("defender", "WA")
    g.execute(cmd)
    assert combat(g).table == "blitz" and events(g.rows(), w.CombatTableChosen)[0].by == "defender"


def test_wif_t3_zero_against_zero_is_a_tie_the_attacker_chooses(tmp_path):
    """11.16.5-T3 (reading W5): 0 against 0 is "at least as much"."""
    g = game(tmp_path, [u("a1", "INF"), u("e1", "ART")], attackers=["a1"])
    assert _chooser(g).chooser == "attacker"
    assert KIND.who(g.state, c.ChooseCombatTable(procedure="L1", table="blitz")).faction == "AX"


def test_wif_t9d_a_city_with_two_factories_gives_the_defender_the_choice(tmp_path):
    """11.16.5-T9d: a city with two printed factories: the defender chooses whatever the ARM; with one
    factory it is an other city (-2, T9e) and the attacker keeps the choice."""
    g = game(tmp_path, spec="0303:clear:city=2")
    assert (_chooser(g).chooser, _chooser(g).rule) == ("defender", "11.16.5-T9d")
    g2 = game(tmp_path, spec="0303:clear:city=1")
    assert _chooser(g2).chooser == "attacker"


def test_wif_t9f_a_fortified_hexside_crossed_gives_the_defender_the_choice(tmp_path):
    """11.16.5-T9f (reading W10): an attacker crossing a hexside fortified by the defender's side."""
    side = [{"a": "0203", "b": "0303", "fortified_by": "WA"}]
    g = game(tmp_path, hexsides=side)
    ev = _chooser(g)
    assert (ev.chooser, ev.rule) == ("defender", "11.16.5-T9f") and "arm1" in ev.reason


def test_wif_t9f_a_fortress_counts_every_hexside_but_not_an_invasion(tmp_path):
    """11.16.5-T9f (reading W10): in a fortress hex every hexside is fortified; an invading unit crosses
    none, so an attack by invaders alone leaves the choice to the ARM (T3)."""
    g = game(tmp_path, spec="0303:clear:fortress")
    assert _chooser(g).rule == "11.16.5-T9f"
    g2 = game(tmp_path, spec="0303:clear:fortress", attackers=["arm1", "arm2"], invaders=["arm1", "arm2"])
    assert (_chooser(g2).chooser, _chooser(g2).rule) == ("attacker", "11.16.5-T3")


def test_wif_t9f_a_hexside_fortified_by_the_attacker_does_not_count(tmp_path):
    """11.16.5-T9f: only the defender's fortifications take the choice away."""
    g = game(tmp_path, hexsides=[{"a": "0203", "b": "0303", "fortified_by": "AX"}])
    assert _chooser(g).chooser == "attacker"


def test_wif_t1_the_table_is_chosen_once(tmp_path):
    """11.16.5-T1: exactly one table; a second choice is refused by the phase table, nothing written."""
    g = game(tmp_path)
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"))
    refused(g, c.ChooseCombatTable(procedure="L1", table="blitz"), "11.16.5-T1")
