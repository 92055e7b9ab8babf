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


@pytest.mark.parametrize("kind", sorted(kinds.machines()))
def test_triggers_read_off_the_table_equal_the_built_machines(kind):
    """The triggers of each phase, read from the table without building the Machine, are the Machine's own
    ``get_triggers`` in its order (and a phase no transition leaves has none)."""
    fresh = kinds.machines()[kind]
    for phase in fresh.states:
        assert fresh.triggers(phase) == fresh.machine.get_triggers(phase), phase
    assert any(fresh.triggers(phase) for phase in fresh.states)


def test_a_machine_is_built_on_first_use_only(monkeypatch):
    """Reading a phase's triggers builds no ``transitions`` Machine: `turnlog show` does not import it."""
    from turnlog.engine.kit.machine import build

    table = kinds.machines()["attrition"]
    m = build("scratch", states=table.states, transitions=table.transitions, initial=table.initial,
              facts=table.facts, conditions=table.conditions, roles=table.roles,
              trigger_roles=table.trigger_roles, commands=table.commands, rule=table.rule)
    m.triggers(table.initial)
    assert "machine" not in vars(m)
    assert m.step(table.initial, m.triggers(table.initial)[0]) and "machine" in vars(m)


def test_a_trigger_the_phase_does_not_allow_is_an_error():
    m = kinds.machines()["attrition"]
    with pytest.raises(ValueError, match="cannot fire"):
        m.step("done", "roll")
    with pytest.raises(ValueError, match="no fact named"):
        m.step("roll", "roll", dice=3)
