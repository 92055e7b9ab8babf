"""14.521 A-F: which hexes Russia may designate for Axis losses and for occupation in a winter attrition.

Position (winter, eastern front, all hexes east of the Pact line and in the
Russian winter zone, winter level 6): Russian hexes in columns 1-3, Axis hexes
in columns 4-9. su-a (0303) touches 0403/0404, su-b (0305) 0405/0406, su-c
(0307) 0407/0408; a German 3-factor unit stands in each of 0403-0407, 0408 is
empty. 30 Russian factors read 21-30; CTL 1 vs 2 gives -1 and winter
preparation 6 vs 1 gives +5, so the modified roll is the die + 4:
die 0 = 2C/1H, 2 = 3C/2H, 3 = 4C/2H, 5 = 5C/3H. Germany's allowance (14.521D)
is 6 - 1 = 5.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import (BeginAttrition, DesignateWinterHexes, RollAttritionDie, SelectOccupation,
                             TakeAttritionLosses, TakeTwoCounters)
from turnlog.events.attrition import WinterHexesDesignated

from helpers import NATIONALITIES, hexes, new_game, refused, scenario, unit

NATS = NATIONALITIES + [{"id": "SW", "faction": "AX", "status": "minor_ally"},
                        {"id": "MO", "faction": "RU", "status": "minor_ally", "winter_prep": 6}]
WINTER = {"russian_winter": {"attacker_nationality": "SU", "axis_nationality": "GE",
                             "exempt_nationalities": ["FI", "SW"]}}
ZONE = "AX/eastern/0402"


def board(*, pact="east", season="winter", front="eastern", rules=WINTER, hex_attrs=None, extra=(),
          replace=None, hexsides=(), nats=NATS, winter_level=6):
    hx = hexes(" ".join(f"{c:02d}{r:02d}:{'RU' if c <= 3 else 'AX'}" for c in range(1, 10) for r in range(2, 9)),
               front=front, pact_side=pact, russian_winter_zone=True)
    for h in hx:
        h.update((hex_attrs or {}).get(h["id"], {}))
    units = {u["id"]: u for u in [
        unit("su-a", "SU", "0303", 10), unit("su-b", "SU", "0305", 10), unit("su-c", "SU", "0307", 10),
        *(unit(f"ge-{r}", "GE", f"040{r}", 3) for r in range(3, 8)), *extra]}
    for uid, u in (replace or {}).items():
        if u is None:
            units.pop(uid)
        else:
            units[uid] = u
    return scenario(hx, list(units.values()), season=season, active="RU", rules=rules, hexsides=list(hexsides),
                    weather=[{"zone": "W", "winter_level": winter_level}], nationalities=nats)


def rolled(tmp_path, die=3, **kw):
    g = new_game(tmp_path, board(**kw))
    zone = next(z.id for z in g.state.zones.values() if z.faction == "AX" and "0403" in z.hexes)
    g.execute(BeginAttrition(attacker="RU", zone=zone))
    g.execute(RollAttritionDie(procedure="A1", value=die))
    return g


def designate(losses=(), occupation=()):
    return DesignateWinterHexes(procedure="A1", losses=list(losses), occupation=list(occupation))


def test_14_521_position_reads_as_described(tmp_path):
    g = rolled(tmp_path, 3)
    p = g.state.attritions["A1"]
    assert (p.factors, p.column) == (30, "21-30")
    assert [(m.rule, m.value) for m in p.modifiers] == [("14.42B", -1), ("14.42C", 5)]
    assert (p.row, p.counters, p.hexes) == (7, 4, 2)
    assert p.contact == ["ge-3", "ge-4", "ge-5", "ge-6", "ge-7"]


def test_14_521_designation_recorded(tmp_path):
    g = rolled(tmp_path)
    evs = [e for _, e in g.execute(designate(["0404"], ["0406"]))]
    assert evs == [WinterHexesDesignated(procedure="A1", losses=["0404"], occupation=["0406"], rule="14.521")]
    p = g.state.attritions["A1"]
    assert (p.winter_losses, p.winter_occupation, p.phase) == (["0404"], ["0406"], "losses")


@pytest.mark.parametrize("kw", [{"season": "fall"}, {"pact": "west"}, {"rules": None}],
                         ids=["not-winter", "west-of-pact-line", "no-russian-winter-rules"])
def test_14_521_only_in_russian_winter_attritions_east_of_the_pact_line(tmp_path, kw):
    g = rolled(tmp_path, **kw)
    refused(g, designate(["0404"]), "14.521")


def test_14_521_only_on_the_eastern_front(tmp_path):
    g = rolled(tmp_path, front="northern")
    refused(g, designate(["0404"]), "14.521")


def test_14_521_once_per_attrition(tmp_path):
    g = rolled(tmp_path)
    g.execute(designate(["0404"]))
    refused(g, designate(["0403"]), "14.521")


def test_14_521_only_while_losses_are_pending(tmp_path):
    g = new_game(tmp_path, board())
    g.execute(BeginAttrition(attacker="RU", zone=ZONE))
    refused(g, designate(["0404"]), "14.11")
    g.execute(RollAttritionDie(procedure="A1", value=3))
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-3", "ge-4", "ge-5", "ge-6"]))
    refused(g, designate(["0404"]), "14.11")


# -- A: an Axis ground unit, beside an attritioning Russian unit, in the Russian winter zone -------

def test_14_521a_hex_without_an_axis_ground_unit_refused(tmp_path):
    g = rolled(tmp_path, extra=[unit("ge-air", "GE", "0408", 4, "air")])   # 0408 touches su-c
    refused(g, designate(occupation=["0408"]), "14.521A")
    refused(g, designate(["0408"]), "14.521A")


def test_14_521a_hex_not_beside_an_attritioning_russian_unit_refused(tmp_path):
    g = rolled(tmp_path, extra=[unit("ge-near", "GE", "0605", 3)])
    refused(g, designate(occupation=["0605"]), "14.521A")


def test_14_521a_beside_a_russian_left_out_of_the_attrition_refused(tmp_path):
    g = new_game(tmp_path, board())
    g.execute(BeginAttrition(attacker="RU", zone=ZONE, exclude=["su-a"]))
    g.execute(RollAttritionDie(procedure="A1", value=6))   # 20 factors: 11-20, 6 + 4 = 10: 5C/2H
    refused(g, designate(occupation=["0404"]), "14.521A")
    g.execute(designate(occupation=["0405"]))


def test_14_521a_beside_only_a_minor_allys_unit_refused(tmp_path):
    # Reading: "Russian ground unit" is a unit of Russian nationality; Mongolians beside 0402 do not qualify.
    g = rolled(tmp_path, extra=[unit("mo-1", "MO", "0302", 2), unit("ge-2", "GE", "0402", 3)])
    assert "ge-2" in g.state.attritions["A1"].contact
    refused(g, designate(["0402"]), "14.521A")
    g.execute(designate(["0403"]))


def test_14_521a_outside_the_russian_winter_zone_refused(tmp_path):
    g = rolled(tmp_path, hex_attrs={"0404": {"russian_winter_zone": False}})
    refused(g, designate(occupation=["0404"]), "14.521A")
    refused(g, designate(["0404"]), "14.521A")
    g.execute(designate(["0403"]))


# -- B: loss hexes were attritioned, are not fortified, and number no more than C ------------------

def test_14_521b_hex_not_subject_to_the_attrition_refused(tmp_path):
    # The only Russian beside 0406 faces it across an Axis fortified hexside: ge-6 is not attritioned.
    g = rolled(tmp_path, hexsides=[{"a": "0305", "b": "0406", "fortified_by": "AX"}])
    assert "ge-6" not in g.state.attritions["A1"].contact
    refused(g, designate(["0406"]), "14.521B")


@pytest.mark.parametrize("kind", ["west_wall", "maginot"])
def test_14_521b_fortified_hex_refused(tmp_path, kind):
    g = rolled(tmp_path, hex_attrs={"0404": {"features": [{"kind": kind}]}})
    assert "ge-4" in g.state.attritions["A1"].contact      # attritioned across an open hexside
    err = refused(g, designate(["0404"]), "14.521B")
    assert "fortified" in err.message


@pytest.mark.parametrize("kind", ["fortress", "fortification"])
def test_14_521b_fortress_never_attritioned_so_never_designated(tmp_path, kind):
    g = rolled(tmp_path, hex_attrs={"0404": {"features": [{"kind": kind}]}})
    refused(g, designate(["0404"]), "14.521B")


def test_14_521b_no_more_loss_hexes_than_c(tmp_path):
    g = rolled(tmp_path, 0)          # 2C/1H
    refused(g, designate(["0403", "0404", "0405"]), "14.521B")
    g.execute(designate(["0403", "0404"]))


# -- C: occupation hexes eligible (14.62) and no more than H --------------------------------------

@pytest.mark.parametrize("attrs", [{"terrain": "forest"}, {"terrain": "swamp"}, {"features": [{"kind": "capital"}]},
                                   {"features": [{"kind": "railhead"}]}])
def test_14_521c_hex_not_eligible_for_occupation_refused(tmp_path, attrs):
    g = rolled(tmp_path, hex_attrs={"0405": attrs})
    refused(g, designate(occupation=["0405"]), "14.521C")
    g.execute(designate(["0405"]))   # it may still be designated for losses


def test_14_521c_frozen_swamp_is_clear(tmp_path):
    g = new_game(tmp_path, board(hex_attrs={"0405": {"terrain": "swamp"}}))
    from turnlog.engine.commands import SetWeather
    from turnlog.events.setup import WeatherSpec
    g.execute(SetWeather(weather=WeatherSpec(zone="W", winter_level=6, frozen_swamps=True)))
    g.execute(BeginAttrition(attacker="RU", zone=ZONE))
    g.execute(RollAttritionDie(procedure="A1", value=3))
    g.execute(designate(occupation=["0405"]))


def test_14_521c_hex_reachable_only_across_a_river_refused(tmp_path):
    # su-b is the only Russian beside 0405; a river between them bars the advance (14.62E), and 14.521H
    # would then oblige Russia to occupy a hex it cannot enter.
    g = rolled(tmp_path, hexsides=[{"a": "0305", "b": "0405", "river": True}])
    err = refused(g, designate(occupation=["0405"]), "14.521C")
    assert "14.62E" in err.message
    g.execute(designate(occupation=["0404"]))


def test_14_521c_no_more_occupation_hexes_than_h(tmp_path):
    g = rolled(tmp_path, 0)          # 2C/1H
    refused(g, designate(occupation=["0403", "0405"]), "14.521C")
    g.execute(designate(occupation=["0405"]))


# -- D: losses and occupation together, over all Russian attritions, within the winter difference ---

GE_8 = [unit("ge-8", "GE", "0408", 3)]


def test_14_521d_combined_total_within_the_difference(tmp_path):
    g = rolled(tmp_path, 5, extra=GE_8)          # 5C/3H: 8 designations by B and C, but the allowance is 5
    err = refused(g, designate(["0403", "0404", "0405", "0406"], ["0407", "0408"]), "14.521D")
    assert "5" in err.message
    g.execute(designate(["0403", "0404", "0405"], ["0407", "0408"]))


def test_14_521d_combined_not_separate(tmp_path):
    # GE preparation 4: allowance 2. Two loss hexes and one occupation hex are three.
    nats = [dict(n, winter_prep=4) if n["id"] == "GE" else n for n in NATS]
    g = rolled(tmp_path, 5, nats=nats)      # +2 winter, -1 CTL: 5 + 1 = 6 -> 3C/2H
    refused(g, designate(["0403", "0404"], ["0405"]), "14.521D")
    g.execute(designate(["0403"], ["0405"]))


def test_14_521d_counts_every_russian_attrition_of_the_turn(tmp_path):
    # Two Axis zones: rows 2-4 (beside su-a) and rows 6-8 (beside su-b, su-c); row 5 is Russian.
    nats = [dict(n, winter_prep=3) if n["id"] == "GE" else n for n in NATS]   # allowance 3, winter +3
    row5 = {f"0{c}05": {"controller": "RU"} for c in range(4, 10)}
    g = new_game(tmp_path, board(nats=nats, hex_attrs=row5, extra=GE_8,
                                 replace={"ge-5": None}))
    north, south = (next(z.id for z in g.state.zones.values() if z.faction == "AX" and h in z.hexes)
                    for h in ("0403", "0406"))
    assert north != south
    g.execute(BeginAttrition(attacker="RU", zone=north))
    g.execute(RollAttritionDie(procedure="A1", value=7))        # 10 factors, +2: row 9 = 1C/1H
    g.execute(DesignateWinterHexes(procedure="A1", losses=["0403"]))
    g.execute(TakeAttritionLosses(procedure="A1", units=["ge-3"]))
    g.execute(SelectOccupation(procedure="A1", selections=[]))  # A1 done: one attrition at a time (14.11)
    g.execute(BeginAttrition(attacker="RU", zone=south))
    g.execute(RollAttritionDie(procedure="A2", value=6))        # 20 factors, +2: row 8 = 3C/2H
    refused(g, DesignateWinterHexes(procedure="A2", losses=["0406", "0407"], occupation=["0408"]), "14.521D")
    g.execute(DesignateWinterHexes(procedure="A2", losses=["0406"], occupation=["0408"]))


# -- E: not both --------------------------------------------------------------------------------

def test_14_521e_same_hex_for_losses_and_occupation_refused(tmp_path):
    g = rolled(tmp_path)
    refused(g, designate(["0404", "0405"], ["0405"]), "14.521E")
    g.execute(designate(["0404"], ["0405"]))


# -- F: not hexes holding only Finnish and Swedish units ------------------------------------------

@pytest.mark.parametrize("nats", [["FI"], ["SW"], ["FI", "SW"]])
def test_14_521f_only_finns_and_swedes_refused(tmp_path, nats):
    units = {f"x-{i}": unit(f"x-{i}", n, "0405", 2) for i, n in enumerate(nats)}
    g = rolled(tmp_path, replace={"ge-5": None, **units})
    refused(g, designate(["0405"]), "14.521F")
    refused(g, designate(occupation=["0405"]), "14.521F")


def test_14_521f_finns_with_germans_allowed(tmp_path):
    g = rolled(tmp_path, extra=[unit("fi-1", "FI", "0405", 2)])
    g.execute(designate(["0405"]))


# -- 14.44 with designations: the choice of 2C comes first ------------------------------------------

def _one_one(tmp_path):
    # Only su-a counts: 10 factors, 1-10 column, 5 + 4 = row 9 = 1C/1H.
    g = new_game(tmp_path, board())
    g.execute(BeginAttrition(attacker="RU", zone=ZONE, exclude=["su-b", "su-c"]))
    g.execute(RollAttritionDie(procedure="A1", value=5))
    assert (g.state.attritions["A1"].counters, g.state.attritions["A1"].hexes) == (1, 1)
    return g


def test_14_44_two_counters_then_designate_losses(tmp_path):
    g = _one_one(tmp_path)
    g.execute(TakeTwoCounters(procedure="A1"))
    refused(g, designate(occupation=["0404"]), "14.521C")       # no H left
    g.execute(designate(["0403", "0404"]))


def test_14_44_not_after_designations(tmp_path):
    # Reading (docs/rulings.md 14.44): 2C is chosen before any designation, which was made against 1C/1H.
    g = _one_one(tmp_path)
    g.execute(designate(["0403"]))
    refused(g, TakeTwoCounters(procedure="A1"), "14.44")
