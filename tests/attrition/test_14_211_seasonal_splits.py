"""14.211 seasonal splits: the Pact line and Turkey in winter; the Far East in fall and winter.

Each position is a line of Russian- or Axis-controlled hexes 0404-0407 on one
front and one weather zone, so only the seasonal rule can split it. Regions and
Pact sides are hex data (`region`, `pact_side`).
"""
from __future__ import annotations

import pytest

from helpers import hexes, new_game, scenario

SEASONS = ["spring", "summer", "fall", "winter"]


def line(ctrl, front, attrs):
    hx = hexes(" ".join(f"040{4 + i}:{ctrl}" for i in range(len(attrs))), front=front)
    for h, a in zip(hx, attrs):
        h.update(a)
    return hx


def zones_of(tmp_path, hx, season):
    g = new_game(tmp_path, scenario(hx, [], season=season))
    out = sorted(z.hexes for z in g.state.zones.values())
    g.close()
    return out


WHOLE = [["0404", "0405", "0406", "0407"]]
PACT = [{"pact_side": "west"}, {"pact_side": "west"}, {"pact_side": "east"}, {"pact_side": "east"}]


@pytest.mark.parametrize("season", SEASONS)
def test_14_211_pact_line_splits_the_eastern_front_in_winter_only(tmp_path, season):
    got = zones_of(tmp_path, line("RU", "eastern", PACT), season)
    assert got == ([["0404", "0405"], ["0406", "0407"]] if season == "winter" else WHOLE)


def test_14_211_pact_line_does_not_split_another_front(tmp_path):
    assert zones_of(tmp_path, line("RU", "western", PACT), "winter") == WHOLE


TURKEY = [{"region": "balkans"}, {"region": "european_turkey"}, {"region": "asiatic_turkey"},
          {"region": "asiatic_turkey"}]


@pytest.mark.parametrize("season", SEASONS)
def test_14_211_balkans_and_european_turkey_apart_from_asiatic_turkey_in_winter(tmp_path, season):
    got = zones_of(tmp_path, line("AX", "mediterranean", TURKEY), season)
    assert got == ([["0404", "0405"], ["0406", "0407"]] if season == "winter" else WHOLE)


def test_14_211_balkans_touching_asiatic_turkey_split_in_winter(tmp_path):
    attrs = [{"region": "balkans"}, {"region": "asiatic_turkey"}]
    assert zones_of(tmp_path, line("AX", "mediterranean", attrs), "winter") == [["0404"], ["0405"]]


def test_14_211_turkey_split_leaves_other_regions_joined(tmp_path):
    attrs = [{"region": "greece"}, {"region": "balkans"}, {"region": "asiatic_turkey"}, {"region": "syria"}]
    assert zones_of(tmp_path, line("AX", "mediterranean", attrs), "winter") == [["0404", "0405"], ["0406", "0407"]]


FAR_EAST = [{"region": "siberia"}, {"region": "manchuria"}, {"region": "mongolia"}, {"region": "tannu_tuva"}]


@pytest.mark.parametrize("season", SEASONS)
@pytest.mark.parametrize("region", ["siberia", "manchuria", "mongolia", "tannu_tuva"])
def test_14_211_far_east_apart_from_the_rest_of_the_asian_front_in_fall_and_winter(tmp_path, season, region):
    attrs = [{"region": "china"}, {"region": "china"}, {"region": region}, {"region": region}]
    got = zones_of(tmp_path, line("RU", "asian", attrs), season)
    assert got == ([["0404", "0405"], ["0406", "0407"]] if season in ("fall", "winter") else WHOLE)


@pytest.mark.parametrize("season", ["fall", "winter"])
def test_14_211_far_east_regions_stay_together(tmp_path, season):
    assert zones_of(tmp_path, line("RU", "asian", FAR_EAST), season) == WHOLE
