"""14.211: a zone is contiguous hexes of one front, one weather zone and one controller, fixed for the turn.

Zones are read from the log's AttritionZonesDetermined (written when a player
turn starts). Contiguity runs only across hexsides a land unit can cross (the
engine's reading; docs/rulings.md 14.211).
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import BeginAttrition, SetControl, StartPhase, StartPlayerTurn
from turnlog.engine.errors import CommandError
from turnlog.events.attrition import AttritionZonesDetermined

from helpers import hexes, new_game, scenario, unit


def zones_of(g, faction="WA"):
    return sorted(z.hexes for z in g.state.zones.values() if z.faction == faction)


def game_of(tmp_path, hx, units=(), **kw):
    return new_game(tmp_path, scenario(hx, list(units), **kw))


def test_14_211_contiguous_hexes_form_one_zone(tmp_path):
    g = game_of(tmp_path, hexes("0404:WA 0405:WA 0406:WA 0504:AX"))
    assert zones_of(g) == [["0404", "0405", "0406"]]
    assert zones_of(g, "AX") == [["0504"]]


def test_14_211_hexes_that_do_not_touch_are_separate_zones(tmp_path):
    g = game_of(tmp_path, hexes("0403:WA 0404:AX 0405:WA"))
    assert zones_of(g) == [["0403"], ["0405"]]


def test_14_211_another_front_is_another_zone(tmp_path):
    hx = hexes("0404:WA 0405:WA 0406:WA")
    hx[2]["front"] = "mediterranean"
    g = game_of(tmp_path, hx)
    assert zones_of(g) == [["0404", "0405"], ["0406"]]
    assert {z.front for z in g.state.zones.values()} == {"western", "mediterranean"}


def test_14_211_another_weather_zone_is_another_zone(tmp_path):
    hx = hexes("0404:WA 0405:WA 0406:WA")
    hx[0]["weather_zone"] = "M"
    g = game_of(tmp_path, hx)
    assert zones_of(g) == [["0404"], ["0405", "0406"]]


def test_14_211_another_controller_is_another_zone(tmp_path):
    g = game_of(tmp_path, hexes("0404:WA 0405:RU 0406:WA 0407:WA"))
    assert zones_of(g) == [["0404"], ["0406", "0407"]]
    assert zones_of(g, "RU") == [["0405"]]


@pytest.mark.parametrize("side, joined", [
    ({"impassable": True}, False),
    ({"all_water": True}, False),
    ({"all_water": True, "crossing_arrow": True}, True),
    ({"river": True}, True),
])
def test_14_211_contiguity_across_hexsides(tmp_path, side, joined):
    g = game_of(tmp_path, hexes("0404:WA 0405:WA"), hexsides=[{"a": "0404", "b": "0405", **side}])
    assert zones_of(g) == ([["0404", "0405"]] if joined else [["0404"], ["0405"]])


def test_14_211_zone_ids_and_the_determining_event(tmp_path):
    g = game_of(tmp_path, hexes("0405:WA 0404:WA 0504:AX"))
    evs = [e for _, e in g.events() if isinstance(e, AttritionZonesDetermined)]
    assert len(evs) == 1 and evs[0].rule == "14.211" and (evs[0].turn, evs[0].active) == (1, "AX")
    assert sorted(z.id for z in evs[0].zones) == ["AX/western/0504", "WA/western/0404"]


# Three Allied hexes 0405-0406-0407 in a line; 0406 links the two ends. ge-a (0305) touches
# 0405 and 0406, ge-b (0307) touches 0407. us-1 holds 0405, us-3 holds 0407; 0406 is empty.
def _line(tmp_path):
    return game_of(tmp_path, hexes("0305:AX 0306:AX 0307:AX 0405:WA 0406:WA 0407:WA"),
                   [unit("ge-a", "GE", "0305", 5), unit("ge-b", "GE", "0307", 4),
                    unit("us-1", "US", "0405", 3), unit("us-3", "US", "0407", 3)])


def test_14_211_zone_kept_when_a_hex_is_captured_later_in_the_turn(tmp_path):
    g = _line(tmp_path)
    g.execute(SetControl(hex="0406", faction="AX"))   # taken in the combat phase, after the zones were fixed
    assert zones_of(g) == [["0405", "0406", "0407"]]
    g.execute(BeginAttrition(attacker="AX", zone="WA/western/0405"))
    p = g.state.attritions["A1"]
    assert (p.units, p.contact, p.factors) == (["ge-a", "ge-b"], ["us-1", "us-3"], 9)


def test_14_211_a_zone_that_only_exists_after_the_capture_is_refused(tmp_path):
    g = _line(tmp_path)
    g.execute(SetControl(hex="0406", faction="AX"))
    seq = g.log.last()[0]
    with pytest.raises(CommandError):
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0407"))
    assert g.log.last()[0] == seq


def test_14_211_zones_are_determined_anew_at_the_next_player_turn(tmp_path):
    g = _line(tmp_path)
    g.execute(SetControl(hex="0406", faction="AX"))
    g.execute(StartPhase(phase="end"))
    g.execute(StartPlayerTurn(faction="WA"))
    assert zones_of(g) == [["0405"], ["0407"]]
    assert g.state.zones_active == "WA"
