"""9.2.1¶3: an assault on several hexes uses the terrain best for the defender, and the event names the hex it
is read from: two clear hexes, one holding a village, are told apart only by the hex. A one-hex assault
records none (its hex is the assault's). INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.events.codec import encode

from war_helpers import game, proc, to_assaults, u


def _declared(g):
    return [e for _s, e in g.events() if type(e).__name__ == "GroundAssaultDeclared"][-1]


def test_9_2_1_p3_a_covering_feature_decides_between_hexes_of_one_type_and_the_hex_is_named(tmp_path):
    """9.2.1¶3: 0301 and 0302 are both clear; the village makes 0302 the defender's better hex."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302")], spec="0302:clear:village")
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301", "0302"]))
    ev = _declared(g)
    assert (ev.terrain, ev.terrain_hex) == ("clear", "0302") and proc(g).assaults["G1"].terrain_hex == "0302"


def test_9_2_1_p3_the_defence_rank_comes_before_cover(tmp_path):
    """9.2.1¶3: the gorge (defence 3) beats the village hex (defence 0, covering)."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302")],
             spec="0301:clear:village 0302:gorge")
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301", "0302"]))
    assert (_declared(g).terrain, _declared(g).terrain_hex) == ("gorge", "0302")


def test_9_2_1_p3_a_one_hex_assault_encodes_as_before(tmp_path):
    """9.2.1¶3: with one defending hex there is nothing to choose; the field is omitted, so the event's bytes
    are those of a log written before the field existed."""
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301")], spec="0301:woods")
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    assert _declared(g).terrain_hex == "" and b"terrain_hex" not in encode(_declared(g))
