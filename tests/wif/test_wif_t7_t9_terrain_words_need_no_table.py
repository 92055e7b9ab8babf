"""11.16.5-T7, T9a-T9f under the ``terrain_words`` ruling (edition 6): with no ``terrain_types`` in the
scenario a hex's terrain word reads as the text gives it (engine/terrain.py WORDS), and a fortification
feature makes a Fortified hex. A game of edition 5 re-executes as played. INVENTED positions, synthetic
tables; EX-T's forces (3:1, attacker ARM 11 against 7, fine weather)."""
from __future__ import annotations

import msgspec
import pytest

import rogue_rows as rogue
from turnlog import commands as c
from turnlog.engine.verify import verify
from turnlog.events import wif as w
from turnlog.events.codec import decode, encode

from helpers import new_game
from wif_helpers import EX_T, begin, events, position


def game(tmp_path, spec: str = "", *, edition: int = 0):
    """EX-T's attack on 0303 in a scenario with no terrain table (of ``edition``, else the current)."""
    sc = position(EX_T, spec, terrain_types=[])
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    g = new_game(tmp_path, sc)
    g.execute(begin())
    return g


def chosen(g, table: str = "blitz") -> w.CombatTableChosen:
    g.execute(c.ChooseCombatTable(procedure="L1", table=table))
    [ev] = events(g.rows(), w.CombatTableChosen)
    return ev


def shift(ev) -> list[tuple[int, str]]:
    return [(m.value, m.rule) for m in ev.modifiers if m.kind == "shift"]


def bonus(ev) -> list[int]:
    return [m.value for m in ev.modifiers if m.rule == "11.16.5-T7"]


def chooser(g) -> w.TableChooserDetermined:
    [ev] = events(g.rows(), w.TableChooserDetermined)
    return ev


@pytest.mark.parametrize("word", ["clear", "open", "desert", ""])
def test_11_16_5_t7_t9a_clear_open_desert_give_the_arm_bonus_and_no_shift(tmp_path, word):
    """T9a, T7: a clear (every hex's default), open or desert hex with no table: no shift, +1 each die."""
    ev = chosen(game(tmp_path, f"0303:{word}" if word else ""))
    assert (ev.column, shift(ev), bonus(ev)) == ("3:1", [], [1, 1])


@pytest.mark.parametrize("word", ["forest", "woods"])
def test_11_16_5_t9b_forest_and_woods_cost_the_attackers_blitz_one_level(tmp_path, word):
    """T9b: forest (and woods, the same word) with no table: 3:1 reads 2:1; not clear, so no bonus."""
    ev = chosen(game(tmp_path, f"0303:{word}"))
    assert (ev.column, shift(ev), bonus(ev)) == ("2:1", [(-1, "11.16.5-T9b")], [])


@pytest.mark.parametrize("word", ["mountain", "jungle", "swamp", "jungle_mountain"])
def test_11_16_5_t9c_mountain_jungle_swamp_cost_the_attackers_blitz_two_levels(tmp_path, word):
    """T9c: jungle, mountain, swamp (and jungle/mountain) with no table: 3:1 reads 1:1, no bonus."""
    ev = chosen(game(tmp_path, f"0303:{word}"))
    assert (ev.column, shift(ev), bonus(ev)) == ("1:1", [(-2, "11.16.5-T9c")], [])


def test_11_16_5_t9e_a_city_terrain_costs_two_levels_and_bars_the_bonus(tmp_path):
    """T9e: a hex whose terrain is city (no factories printed) is Other City: -2, no ARM bonus (T7)."""
    ev = chosen(game(tmp_path, "0303:city"))
    assert (ev.column, shift(ev), bonus(ev)) == ("1:1", [(-2, "11.16.5-T9e")], [])


def test_11_16_5_t9d_t9e_a_city_feature_reads_as_before_with_no_table(tmp_path):
    """T9d: a city of two printed factories lets the defender choose; T9e: a city of one in a clear hex is
    -2 and bars the ARM bonus."""
    assert chooser(game(tmp_path, "0303:clear:city=2")).rule == "11.16.5-T9d"
    ev = chosen(game(tmp_path, "0303:clear:city=1"))
    assert (ev.column, shift(ev), bonus(ev)) == ("1:1", [(-2, "11.16.5-T9e")], [])


@pytest.mark.parametrize("kind", ["fortification", "fortress", "fortified"])
def test_11_16_5_t9f_a_fortification_feature_is_a_fortified_hex(tmp_path, kind):
    """T9f: a fortification (the word rule 14 and 9.1.1a use), fortress or fortified feature: the
    defender chooses, though the attacker has more ARM."""
    ev = chooser(game(tmp_path, f"0303:clear:{kind}"))
    assert (ev.chooser, ev.rule) == ("defender", "11.16.5-T9f")


def test_11_16_5_t9f_a_fortress_terrain_is_a_fortified_hex(tmp_path):
    """T9f: the word as the hex's terrain means what it means as a feature."""
    assert chooser(game(tmp_path, "0303:fortress")).rule == "11.16.5-T9f"


def test_11_16_5_t9_an_edition_5_game_re_executes_as_played(tmp_path):
    """Before ``terrain_words``: with no table a forest shifts nothing, clear gives no bonus, and a
    fortification feature leaves the choice to the ARM (T3); the log verifies."""
    g = game(tmp_path, "0303:forest", edition=5)
    ev = chosen(g)
    assert (ev.column, shift(ev), bonus(ev)) == ("3:1", [], [])
    assert verify(g).ok
    assert bonus(chosen(game(tmp_path, edition=5))) == []
    assert chooser(game(tmp_path, "0303:clear:fortification", edition=5)).rule == "11.16.5-T3"


def test_11_16_5_t9b_a_rogue_blitz_in_a_forest_without_the_shift_is_named_by_verify(tmp_path):
    """A log written around T9b (a forest blitz read at 3:1, the chain intact): verify names its seq."""
    g = game(tmp_path, "0303:forest")
    cmd = c.ChooseCombatTable(procedure="L1", table="blitz")
    rows = []
    for etype, version, data, auto in rogue.honest_rows(g, cmd):
        e = decode(etype, version, data)
        if isinstance(e, w.CombatTableChosen):
            e = msgspec.structs.replace(e, column="3:1", modifiers=[m for m in e.modifiers if m.kind != "shift"])
            data = encode(e).decode()
        rows.append((etype, version, data, auto))
    seq = rogue.append(g, "ChooseCombatTable", msgspec.json.encode(cmd).decode(), rows)
    rep = verify(g)
    assert not rep.ok and rep.first_named() == seq
