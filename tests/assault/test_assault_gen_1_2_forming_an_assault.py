"""AS-GEN.1, AS-GEN.2: an assault is declared by units next to one enemy-held hex, and more units may join
it from other adjacent hexes before it is resolved. INVENTED position (tests/assault/assault_helpers.py)."""
from __future__ import annotations

import pytest

from turnlog import commands as c
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.projections.state import dump, load

from assault_helpers import game, proc, u
from helpers import refused


def test_as_gen_1_declare_opens_one_assault_per_defending_hex(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0202"), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1", "a2"]))
    p = proc(g)
    assert (p.hex, p.attacker, p.defender, p.units, p.defenders, p.phase) == \
        ("0302", "AX", "WA", ["a1", "a2"], ["e1"], "forming")


def test_as_gen_1_units_from_several_hexes_combine(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0403"), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    g.execute(c.AddAssaultUnits(procedure="S1", units=["a2"]))
    assert proc(g).units == ["a1", "a2"] and proc(g).phase == "forming"


def test_as_gen_1_a_second_declaration_on_the_same_hex_is_refused(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0403"), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    err = refused(g, c.DeclareAssault(hex="0302", units=["a2"]), "AS-GEN.1")
    assert "S1" in str(err)


def test_as_gen_1_the_hex_must_hold_the_enemy(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0302"), u("e1", "0404")])
    refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-GEN.1")
    refused(g, c.DeclareAssault(hex="0303", units=["a1"]), "AS-GEN.1")


def test_as_gen_1_attackers_must_be_adjacent_and_the_active_sides(tmp_path):
    g = game(tmp_path, [u("a1", "0101"), u("e2", "0202"), u("e1", "0302")])
    assert "not adjacent" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1"]), "AS-GEN.1"))
    assert "not a unit of AX" in str(refused(g, c.DeclareAssault(hex="0302", units=["e2"]), "AS-GEN.1"))


def test_as_gen_2_a_unit_joins_once(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    refused(g, c.AddAssaultUnits(procedure="S1", units=["a1"]), "AS-GEN.2")


def test_malformed_lists_name_the_field(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0302")])
    assert "units[1]" in str(refused(g, c.DeclareAssault(hex="0302", units=["a1", "a1"]), None, CommandError))
    assert "units[0]" in str(refused(g, c.DeclareAssault(hex="0302", units=["zz"]), None, CommandError))
    assert "units" in str(refused(g, c.DeclareAssault(hex="0302", units=[]), None, CommandError))
    assert "hex" in str(refused(g, c.DeclareAssault(hex="9999", units=["a1"]), None, CommandError))
    assert "procedure" in str(refused(g, c.AddAssaultUnits(procedure="S9", units=["a1"]), None, CommandError))


def test_as_gen_2_an_assault_continues_only_in_its_attackers_turn(tmp_path):
    """An open assault holds the turn, so the other side's turn is set on a copy of the state to test the gate."""
    g = game(tmp_path, [u("a1", "0202"), u("a2", "0203"), u("e1", "0302")])
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    other = load(dump(g.state))
    other.turn.active = "WA"
    with pytest.raises(RuleViolation) as err:
        g.decide(other, c.AddAssaultUnits(procedure="S1", units=["a2"]))
    assert err.value.rule == "AS-GEN.2" and "AX's player turn 1" in str(err.value)
