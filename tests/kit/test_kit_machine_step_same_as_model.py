"""The kit's fast ``step`` reads the built Machine's transitions and must give exactly what firing
the trigger on a model gives, for every machine, state, trigger and combination of facts."""
from __future__ import annotations

import itertools

import pytest

from turnlog.engine import kinds

import skirmish  # noqa: F401 - registers the tests' toy machine, so the list is the same whatever ran first


def _values(default):
    if isinstance(default, bool):
        return [False, True]
    if isinstance(default, int):
        return [0, 1, 2]
    return [default]


@pytest.mark.parametrize("kind", sorted(kinds.machines()))
def test_fast_step_equals_the_model_step(kind):
    m = kinds.machines()[kind]
    names = sorted(m.facts)
    combos = list(itertools.product(*[_values(m.facts[n]) for n in names]))
    checked = 0
    for phase in m.states:
        for trig in m.triggers(phase):
            for combo in combos:
                facts = dict(zip(names, combo))
                assert m.step(phase, trig, **facts) == m.step_by_model(phase, trig, **facts), (phase, trig, facts)
                checked += 1
    assert checked > 0


def test_a_trigger_the_phase_does_not_allow_is_an_error():
    m = kinds.machines()["attrition"]
    with pytest.raises(ValueError, match="cannot fire"):
        m.step("done", "roll")
    with pytest.raises(ValueError, match="no fact named"):
        m.step("roll", "roll", dice=3)
