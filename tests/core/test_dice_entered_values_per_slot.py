"""Entered dice per slot: a command's ``values`` feed the rolls that name their slot.

Given the toy kind (tests/fixtures/toy_dice.py) that rolls ``pair`` and draws ``k``, when a command enters
values, then the rolls log them as entered; a value out of the faces, or for a slot no roll takes, is refused
naming it, and nothing is written.
"""
from __future__ import annotations

import pytest

from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.events.game import DieRolled

from fixtures.toy_dice import toy_game


def rolls(events) -> list[DieRolled]:
    return [e for _s, e in events if isinstance(e, DieRolled)]


def test_values_per_slot_are_logged_entered(tmp_path, toy):
    with toy_game(tmp_path / "g.db") as g:
        pair, k, morale = rolls(g.execute(toy(morale=True, values={"pair": [3, 5], "k": 417, "morale": 6})))
    assert (pair.faces, pair.value, pair.entered, pair.dice) == ([3, 5], 8, True, "pair")
    assert (k.value, k.of, k.entered) == (417, 1000, True)
    assert (morale.value, morale.faces, morale.entered) == (6, [], True)


def test_a_slot_left_out_is_rolled_from_the_seed(tmp_path, toy):
    with toy_game(tmp_path / "g.db") as g:
        pair, k = rolls(g.execute(toy(values={"k": 0})))
    assert not pair.entered and len(pair.faces) == 2 and k.entered and k.value == 0


REFUSED = [
    ("a face off the die", {"values": {"pair": [3, 7]}}, "toy.1", "values.pair: entered die 7 is not a face"),
    ("one face for two dice", {"values": {"pair": 8}}, "toy.1", "values.pair: 2 dice are rolled here"),
    ("three faces for two dice", {"values": {"pair": [1, 2, 3]}}, "toy.1", "values.pair: 2 dice"),
    ("a draw at n", {"values": {"k": 1000}}, "toy.2", "values.k: an entered draw is a whole number in 0..999"),
    ("a negative draw", {"values": {"k": -1}}, "toy.2", "values.k"),
    ("a list for a draw", {"values": {"k": [4]}}, "toy.2", "values.k"),
    ("a slot never rolled", {"values": {"defender": 4}}, "dice", "values.defender: this command rolls no die"),
    ("morale not rolled", {"values": {"morale": 4}}, "dice", "values.morale: this command rolls no die"),
    ("value with no slot-'' roll", {"value": 4}, "dice", "value: this command rolls no die"),
]


@pytest.mark.parametrize("fields, rule, message", [r[1:] for r in REFUSED], ids=[r[0] for r in REFUSED])
def test_a_bad_entered_value_is_refused_naming_it_and_nothing_is_written(tmp_path, toy, fields, rule, message):
    with toy_game(tmp_path / "g.db") as g:
        before = g.log.last()
        with pytest.raises(RuleViolation) as err:
            g.execute(toy(**fields))
        assert err.value.rule == rule and message in err.value.message
        assert g.log.last() == before


def test_value_and_values_for_slot_empty_together_are_refused(tmp_path, toy):
    with toy_game(tmp_path / "g.db") as g:
        with pytest.raises(CommandError, match='values: slot "" is the command'):
            g.execute(toy(value=3, values={"": 3}))


def test_values_from_json_as_play_gives_them(tmp_path, toy):
    with toy_game(tmp_path / "g.db") as g:
        pair, k = rolls(g.execute({"type": "RollToy", "tag": "j", "values": {"pair": [6, 6], "k": 999}}))
    assert pair.value == 12 and k.value == 999
