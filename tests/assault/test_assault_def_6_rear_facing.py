"""AS-DEF.6: a defender with a facing has assault value 0 when every attacker comes through its rear hexsides
(facing+2 to facing+4: the ruling in docs/rulings.md). INVENTED units and ratings.

0302 (odd column) has 0301 beyond hexside 0, 0402 beyond 1, 0403 beyond 2, 0303 beyond 3, 0203 beyond 4
and 0202 beyond 5.
"""
from __future__ import annotations

from turnlog.engine.assault.as_def_reductions import rear
from turnlog.engine.hexgrid import direction

from assault_values_helpers import assault, rules_of, unit


def test_hexsides_are_numbered_clockwise_from_the_top():
    assert [direction((3, 2), b) for b in [(3, 1), (4, 2), (4, 3), (3, 3), (2, 3), (2, 2)]] == [0, 1, 2, 3, 4, 5]
    assert [direction((2, 2), b) for b in [(2, 1), (3, 1), (3, 2), (2, 3), (1, 2), (1, 1)]] == [0, 1, 2, 3, 4, 5]
    assert direction((2, 2), (4, 2)) is None
    assert rear(1) == {3, 4, 5} and rear(5) == {1, 2, 3}


def test_as_def_6_every_attacker_through_the_rear_zeroes_the_defender(tmp_path):
    units = [unit("a1", "0202"), unit("a2", "0203"), unit("e1", "0302", facing=1), unit("e2", "0302")]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert rules_of(t) == ["AS-DEF.6"]
    assert t.contributions["e1"] == 0 and t.contributions["e2"] == 400
    assert t.def_value == 400


def test_as_def_6_one_attacker_from_the_front_keeps_the_value(tmp_path):
    units = [unit("a1", "0202"), unit("a2", "0301"), unit("e1", "0302", facing=1)]
    _, t = assault(tmp_path, units, ["a1", "a2"])
    assert t.modifiers == () and t.def_value == 400


def test_as_def_6_a_unit_without_facing_is_never_caught_from_behind(tmp_path):
    _, t = assault(tmp_path, [unit("a1", "0202"), unit("e1", "0302")], ["a1"])
    assert t.modifiers == () and t.def_value == 400
