"""engine/terrain.py WORDS: every terrain word of the texts has one meaning to every kind, and a scenario
entry is laid over it field by field (a field it states wins, the rest stay the word's), made once."""
from __future__ import annotations

from turnlog.engine import terrain
from turnlog.events.assault import PzcTerrainSpec
from turnlog.events.setup import TerrainTypeSpec

from helpers import hexes, new_game, scenario


def test_the_words_table_gives_each_kind_its_meaning():
    w = terrain.WORDS
    assert (w["clear"].wif.arm_bonus, w["clear"].pzc.clear, w["open"].pzc.clear) == (True, True, True)
    assert (w["desert"].wif.arm_bonus, w["desert"].pzc.clear) == (True, False)
    assert w["forest"] == TerrainTypeSpec(**{**{f: getattr(w["woods"], f) for f in w["woods"].__struct_fields__},
                                             "id": "forest"})
    assert [w[k].wif.blitz_shift for k in ("forest", "mountain", "jungle", "swamp", "city")] == [-1, -2, -2, -2, -2]
    assert w["bocage"].pzc.bocage and not w["bocage"].pzc.clear
    assert all(w[k].war.covering for k in terrain.COVERING)
    assert terrain.FORTIFIED == {"fortress", "fortification", "fortified"}
    # Rule 14's meanings are the old default's, and woods now reads as forest.
    for k, old in terrain.DEFAULT.items():
        assert (w[k].attrition, w[k].frozen_as) == (old.attrition, old.frozen_as)
    assert w["woods"].attrition.bars_occupation


def test_a_scenario_entry_is_laid_over_the_word_field_by_field_once(tmp_path):
    own = {"id": "clear", "name": "Fields", "pzc": {"assault_pct": 10}}
    g = new_game(tmp_path, scenario(hexes("0101:AX 0102:WA"), terrain_types=[own]))
    got = terrain.terrain_type(g.state, "clear", words=True)
    assert got.name == "Fields" and got.pzc == PzcTerrainSpec(assault_pct=10, clear=True)
    assert got.wif.arm_bonus and got.war.open
    assert got is terrain.terrain_type(g.state, "clear", words=True)
    # Without the ruling the entry replaces the default whole, and an unlisted word has no meaning.
    assert terrain.terrain_type(g.state, "clear") is g.state.terrain_types["clear"]
    assert terrain.terrain_type(g.state, "bocage") == TerrainTypeSpec(id="bocage")
