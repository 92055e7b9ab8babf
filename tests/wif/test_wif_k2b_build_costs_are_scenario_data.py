"""11.16.5-K2b's build costs are the scenario's data (rules.wif; INVENTED values here): they load
into the game's rules, each class once, within their domains, and a game without them encodes as before."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError
from turnlog.events.setup import RulesSpec

from helpers import scenario

HEXES = [{"id": "0101", "col": 1, "row": 1, "controller": "AX"}]


def doc(costs) -> bytes:
    d = msgspec.to_builtins(scenario(HEXES, []))
    d["rules"] = {"wif": {"production_phase": "production", "build_costs": costs}}
    return msgspec.json.encode(d)


def test_costs_load_into_the_rules():
    sc = S.parse(doc([{"unit_class": "MECH", "bp": 5, "turns": 3}]), "json")
    assert [(b.unit_class, b.bp, b.turns) for b in sc.rules.wif.build_costs] == [("MECH", 5, 3)]


@pytest.mark.parametrize("costs,message", [
    ([{"unit_class": "MECH", "bp": 5, "turns": 3}, {"unit_class": "mech", "bp": 4, "turns": 2}],
     "rules.wif.build_costs[1].unit_class: 'MECH' is given twice"),
    ([{"unit_class": "INF", "bp": -1, "turns": 1}], "rules.wif.build_costs[0].bp: -1 is outside 0..9999"),
    ([{"unit_class": "INF", "bp": 1, "turns": 5000}], "build_costs[0].turns: 5000 is outside 0..999"),
])
def test_bad_costs_are_refused_with_their_path(costs, message):
    with pytest.raises(ScenarioError) as err:
        S.parse(doc(costs), "json", "bad.json")
    assert message in str(err.value)


def test_unused_the_rules_encode_as_before():
    assert msgspec.json.encode(RulesSpec()) == b"{}"
