"""9.1.1-QA¶2: the artillery-shift option is an optional rule of the game, not a choice the attacker makes at
each Combat Phase (it favours the attacker): the first Combat Phase fixes it, and a later one that states the
other setting is refused with nothing written. INVENTED position."""
from __future__ import annotations

from turnlog import commands as c

from helpers import new_game, refused
from war_helpers import position, u


def _second_combat_phase(tmp_path, option: bool):
    """AX's Combat Phase opened with ``option`` and played out (no contact), then WA's Combat Phase."""
    g = new_game(tmp_path, position([u("a1", "0101"), u("e1", "0505")]))
    g.execute(c.BeginAttackDesignation(arty_shift_option=option))
    for cmd in (c.EndAttackDesignation(procedure="C1"), c.StartGroundAssaultSegment(procedure="C1"),
                c.EndGroundAssaultSegment(procedure="C1"), c.StartPlayerTurn(faction="WA"),
                c.StartPhase(phase="combat")):
        g.execute(cmd)
    return g


def test_9_1_1_qa_p2_a_later_phase_may_not_turn_the_option_on(tmp_path):
    g = _second_combat_phase(tmp_path, False)
    err = refused(g, c.BeginAttackDesignation(arty_shift_option=True), "9.1.1-QA")
    assert "off in this game since C1" in err.message
    g.execute(c.BeginAttackDesignation())
    assert not g.state.kinds["designation"].procedures["C2"].arty_shift_option


def test_9_1_1_qa_p2_a_later_phase_keeps_the_option_on(tmp_path):
    g = _second_combat_phase(tmp_path, True)
    refused(g, c.BeginAttackDesignation(), "9.1.1-QA")
    g.execute(c.BeginAttackDesignation(arty_shift_option=True))
    assert g.state.kinds["designation"].procedures["C2"].arty_shift_option


def test_9_1_1_qa_p2_legal_offers_the_games_setting(tmp_path):
    """9.1.1-QA¶2: what legal() offers is what is accepted: the option as the first phase set it."""
    on = [ch for ch in _second_combat_phase(tmp_path, True).legal() if ch.command == "BeginAttackDesignation"]
    off = [ch for ch in _second_combat_phase(tmp_path, False).legal() if ch.command == "BeginAttackDesignation"]
    assert [ch.fixed for ch in on] == [{"arty_shift_option": True}] and [ch.fixed for ch in off] == [{}]
