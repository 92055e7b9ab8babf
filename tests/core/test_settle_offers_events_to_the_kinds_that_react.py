"""Settle offers an event only to the kinds whose react may answer it; the answers are unchanged."""
from __future__ import annotations

from turnlog.engine import kinds as K
from turnlog.engine.attrition.procedure import KIND as ATTRITION
from turnlog.events import attrition as a
from turnlog.events.game import PlayerTurnStarted, UnitMoved


def test_attrition_is_offered_only_what_it_answers():
    assert ATTRITION in K.reactors(PlayerTurnStarted)
    assert ATTRITION in K.reactors(a.AttritionPhaseChanged)
    assert ATTRITION not in K.reactors(UnitMoved)


def test_silent_reacts_are_never_offered_anything():
    for etype in (PlayerTurnStarted, UnitMoved, a.AttritionBegun):
        assert all(not getattr(type(k).react, "silent", False) for k in K.reactors(etype))


def test_a_kind_that_overrides_react_without_saying_what_it_answers_is_offered_everything():
    from skirmish.procedure import SkirmishKind

    class Noisy(SkirmishKind):
        def react(self, state, event):
            return []
    k = Noisy()
    assert K._reacts(k, UnitMoved) and K._reacts(k, PlayerTurnStarted)
    assert not K._reacts(SkirmishKind(), UnitMoved)
