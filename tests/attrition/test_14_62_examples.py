"""The two worked examples under 14.62: holding a key hex by choosing the losses.

Example 1: two 3-3 Axis infantry (German, CTL 2) on key hex 0504; a 12-factor US stack (CTL 1) in 0404
attritions in the 11-20 column, so the CTL modifier is -1 and the entered die is one above the
modified roll. Example 2: Japanese 3-2, 3-2 and 1-2 airborne on key hex 0504 of the Pacific mapboard,
25 US factors (21-30 column). In both a further Axis unit in 0503 keeps the zone from being cleared.
"""
from __future__ import annotations


from turnlog.engine.commands import BeginAttrition, RollAttritionDie, SelectOccupation, TakeAttritionLosses
from turnlog.events.attrition import AttritionResultDetermined, Selection

from helpers import hexes, new_game, refused, scenario, unit

BOARD = "0403:WA 0404:WA 0405:WA 0503:AX 0504:AX 0505:AX 0603:AX 0604:AX 0605:AX"


def rolled(tmp_path, units, die, **common):
    g = new_game(tmp_path, scenario(hexes(BOARD, **common), units, active="WA"))
    zone = next(z.id for z in g.state.zones.values() if "0504" in z.hexes)
    g.execute(BeginAttrition(attacker="WA", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


def modified(g):
    return next(e.modified for _, e in reversed(g.events()) if isinstance(e, AttritionResultDetermined))


def take_key_hex():
    return SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["us-1"])])


GERMANS = [unit("us-1", "US", "0404", 12), unit("ge-1", "GE", "0504", 3), unit("ge-2", "GE", "0504", 3),
           unit("ge-3", "GE", "0503", 3)]


def test_example_1_modified_6_is_2c_1h_and_losing_both_keeps_the_key_hex(tmp_path):
    g = rolled(tmp_path, GERMANS, 7)
    p = g.state.attritions["A1"]
    assert (p.column, modified(g), p.counters, p.hexes) == ("11-20", 6, 2, 1)
    assert [(m.rule, m.value) for m in p.modifiers] == [("14.42B", -1)]
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-1", "ge-2"]))
    refused(g, take_key_hex(), "14.62A")
    assert g.state.control["0504"] == "AX"


def test_example_1_modified_6_losing_elsewhere_gives_up_the_key_hex(tmp_path):
    g = rolled(tmp_path, GERMANS, 7)
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-1", "ge-3"]))
    g.execute(take_key_hex())
    assert g.state.attritions["A1"].phase == "retreat"


def test_example_1_modified_5_is_1c_1h_and_losing_one_keeps_the_key_hex(tmp_path):
    g = rolled(tmp_path, GERMANS, 6)
    p = g.state.attritions["A1"]
    assert (modified(g), p.counters, p.hexes) == (5, 1, 1)
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-2"]))  # either 3-3: the defender decides
    assert g.state.attritions["A1"].immune == ["0504"]
    refused(g, take_key_hex(), "14.62B")


def test_example_1_modified_5_losing_elsewhere_gives_up_the_key_hex(tmp_path):
    g = rolled(tmp_path, GERMANS, 6)
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-3"]))
    g.execute(take_key_hex())


JAPANESE = [unit("us-1", "US", "0404", 25), unit("ja-1", "JA", "0504", 3), unit("ja-2", "JA", "0504", 3),
            unit("ja-ab", "JA", "0504", 1, "airborne"), unit("ja-4", "JA", "0503", 3)]


def test_example_2_pacific_modified_6_is_3c_1h_and_losing_all_three_keeps_the_key_hex(tmp_path):
    g = rolled(tmp_path, JAPANESE, 6, mapboard="pacific")
    p = g.state.attritions["A1"]
    assert (p.column, modified(g), p.counters, p.hexes) == ("21-30", 6, 3, 1)  # 3C/2H halved
    assert any(n.startswith("14.41") for n in p.notes)
    g.execute(TakeAttritionLosses(procedure="A1", units=["ja-1", "ja-2", "ja-ab"]))
    refused(g, take_key_hex(), "14.62A")


def test_example_2_pacific_losing_two_of_three_gives_up_the_key_hex(tmp_path):
    g = rolled(tmp_path, JAPANESE, 6, mapboard="pacific")
    g.execute(TakeAttritionLosses(procedure="A1", units=["ja-1", "ja-2", "ja-4"]))
    assert g.state.attritions["A1"].immune == []
    g.execute(take_key_hex())
    assert g.state.attritions["A1"].phase == "retreat"


def test_example_2_in_europe_the_same_roll_gives_2h(tmp_path):
    g = rolled(tmp_path, JAPANESE, 6)
    assert g.state.attritions["A1"].hexes == 2



def test_14_61_with_no_hex_to_offer_legal_says_in_words_how_to_finish(tmp_path):
    """The key-hex demo's first zone: both units of the key hex lost, no hex is left to select (14.62A)."""
    from turnlog.engine import scenario as S
    from turnlog.engine.game import Game
    from turnlog.engine.faces.render_next import next_text
    g = Game.create(tmp_path / "g.db", S.load("key-hex-14-62"))
    g.execute(BeginAttrition(attacker="WA", zone="AX/mediterranean/0303"))
    g.execute(RollAttritionDie(procedure="A1", value=6))
    g.execute(TakeAttritionLosses(procedure="A1", units=["it-inf-1", "it-inf-2"]))
    (ch,) = [x for x in g.legal() if getattr(x, "command", "") == "SelectOccupation"]
    said = "selections[].hex: none; send SelectOccupation with no selections to advance into no hex (14.61)"
    assert str(ch).endswith(said)
    assert f"A1 waits for WA (attacker): SelectOccupation procedure=A1 {said}" in next_text(g.state)
    g.execute(SelectOccupation(procedure="A1", selections=[]))
    assert g.state.attritions["A1"].phase == "done"
    g.close()
