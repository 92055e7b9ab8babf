"""Undo and redo belong to the actor who issued the command, or to the referee; only the
referee may override the dice barrier. Refused under ``seats.undo``/``seats.redo``, nothing written."""
from __future__ import annotations

import pytest

from turnlog.engine.commands import Redo, Undo
from turnlog.engine.errors import RuleViolation

from seats_position import play, refused_from, seated


def test_undo_by_the_other_side_is_refused(tmp_path):
    g = seated(tmp_path)
    play(g, 3)                                      # bob took the losses
    err = refused_from(g, Undo(), "alice", "seats.undo")
    assert err.message == ("command 4 (TakeAttritionLosses) was issued by bob: only bob or the referee, carol, may "
                           "undo it; alice holds the seat of AX")
    refused_from(g, Undo(), "hq", "seats.undo")
    refused_from(g, Undo(), "", "seats.undo")


@pytest.mark.parametrize("actor", ["bob", "carol"])
def test_the_issuer_or_the_referee_may_undo(tmp_path, actor):
    g = seated(tmp_path)
    play(g, 3)
    g.execute(Undo(), actor=actor)
    assert g.state.attritions["A1"].phase == "losses"


def test_only_the_referee_overrides_the_dice_barrier(tmp_path):
    g = seated(tmp_path)
    play(g, 2)                                      # alice rolled
    refused_from(g, Undo(), "alice", "undo.dice-barrier")            # her own command, but a roll
    err = refused_from(g, Undo(override=True, referee="carol"), "alice", "seats.undo")
    assert "only the referee, carol, may override the dice barrier; alice holds the seat of AX" in err.message
    refused_from(g, Undo(override=True, referee="alice"), "carol", "seats.undo")   # names someone else
    g.execute(Undo(override=True, referee="carol", reason="wrong zone"), actor="carol")
    assert g.state.attritions["A1"].phase == "roll"


def test_no_override_without_a_referee(tmp_path):
    g = seated(tmp_path, seats={"factions": {"AX": "alice", "WA": "bob"}, "claims": {"die": "any", "host-fact": "any", "report": "any"}})
    play(g, 2)
    err = refused_from(g, Undo(override=True, referee="alice"), "alice", "seats.undo")
    assert "no referee" in err.message


def test_redo_is_like_undo(tmp_path):
    g = seated(tmp_path)
    play(g, 3)
    g.execute(Undo(), actor="bob")
    err = refused_from(g, Redo(), "alice", "seats.redo")
    assert "was issued by bob: only bob or the referee, carol, may redo it" in err.message
    g.execute(Redo(), actor="bob")
    g.execute(Undo(), actor="bob")                  # the redo is bob's too
    g.execute(Redo(), actor="carol")
    g.execute(Undo(), actor="bob")                  # the referee's redo re-issued bob's command: still his
    assert g.state.attritions["A1"].phase == "losses"


def test_the_api_methods_check_as_execute_does(tmp_path):
    g = seated(tmp_path)
    play(g, 3)
    with pytest.raises(RuleViolation) as err:
        g.undo(actor="alice")
    assert err.value.rule == "seats.undo"
    g.undo(actor="bob")
    with pytest.raises(RuleViolation) as err:
        g.redo(actor="hq")
    assert err.value.rule == "seats.redo"
