"""AS-RET.2-4 and reading P11: each forced unit retreats one hex, the defender choosing; never into an enemy
Zone of Control unless a friendly unit holds the hex (RET.2), never where it could not move (RET.3), never
into a minefield (RET.4). INVENTED map: a1 in 0202 puts 0203 and 0301 in its ZoC; 0303, 0402, 0403 are free."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events.game import UnitRetreated

from assault_helpers import beaten, of, proc, u
from helpers import refused

DEF = dict(assault=0, defence=100)
UNITS = [u("a1", "0202"), u("e1", "0302", **DEF)]


def retreat(to: str):
    return c.RetreatAssaultUnits(procedure="S1", retreats=[c.Retreat(unit="e1", to=to)])


def test_as_ret_1_a_free_hex_is_accepted_and_the_unit_moves(tmp_path):
    g = beaten(tmp_path, UNITS)
    done = g.execute(retreat("0403"))
    assert of(done, UnitRetreated)[0].rule == "AS-RET.1" and g.state.units["e1"].hex == "0403"
    assert proc(g).phase == "done"


def test_as_ret_2_an_enemy_zoc_is_refused(tmp_path):
    refused(beaten(tmp_path, UNITS), retreat("0301"), "AS-RET.2")


def test_as_ret_2_a_zoc_hex_a_friendly_unit_holds_is_allowed(tmp_path):
    g = beaten(tmp_path, [*UNITS, u("e9", "0301", **DEF)])
    g.execute(retreat("0301"))
    assert g.state.units["e1"].hex == "0301"


def test_as_ret_3_an_unbridged_river_is_refused(tmp_path):
    g = beaten(tmp_path, UNITS, hexsides=[{"a": "0302", "b": "0403", "river": True}])
    refused(g, retreat("0403"), "AS-RET.3")


def test_as_ret_3_terrain_the_unit_may_not_enter_is_refused(tmp_path):
    g = beaten(tmp_path, [u("a1", "0202"), u("e1", "0302", cls="armour", **DEF)], "0403:marsh")
    refused(g, retreat("0403"), "AS-RET.3")


def test_as_ret_3_p11_one_hex_only(tmp_path):
    refused(beaten(tmp_path, UNITS), retreat("0404"), "AS-RET.3")


def test_as_ret_4_a_minefield_is_refused(tmp_path):
    refused(beaten(tmp_path, UNITS, "0403:clear:minefield"), retreat("0403"), "AS-RET.4")


def test_as_ret_1_every_forced_unit_is_listed(tmp_path):
    g = beaten(tmp_path, [*UNITS, u("e2", "0302", **DEF)])
    refused(g, retreat("0403"), "AS-RET.1")
