"""Rulings edition 3 (docs/rulings.md, "Editions"): the rule-9 corrections of the second reading apply to games
created under edition 3; a game created under edition 2 re-executes as it was played, and verifies: the phase
could pass without the segment (9.0), a terrain type was covering only by its table entry (9.1.1a), the Q&A
option was each phase's (9.1.1-QA), shifts were taken as reported, a multi-hex assault named no terrain hex
(9.2.1), a unit named twice among the eliminated was eliminated twice (9.2.0), a hex no designated unit could
reach lapsed under 9.1.3. INVENTED positions (tests/support/war_helpers.py)."""
from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.verify import verify

from helpers import new_game, refused
from war_helpers import game, position, proc, to_assaults, u


def test_edition_2_the_combat_phase_passes_without_the_segment(tmp_path):
    g = new_game(tmp_path, position([u("a1", "0202"), u("e1", "0301")], edition=2))
    g.execute(c.StartPhase(phase="exploitation"))
    assert g.state.turn.phase == "exploitation" and verify(g).ok


def test_edition_2_a_forest_type_without_a_war_entry_is_open(tmp_path):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], spec="0202:forest", edition=2)
    assert "a1 (in Open terrain at 0202" in refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1").message


def test_edition_2_the_option_and_the_shifts_are_taken_as_given(tmp_path):
    g = new_game(tmp_path, position([u("a1", "0101"), u("e1", "0505")], edition=2))
    g.execute(c.BeginAttackDesignation(arty_shift_option=False))
    for cmd in (c.EndAttackDesignation(procedure="C1"), c.StartGroundAssaultSegment(procedure="C1"),
                c.EndGroundAssaultSegment(procedure="C1"), c.StartPlayerTurn(faction="WA"),
                c.StartPhase(phase="combat"), c.BeginAttackDesignation(arty_shift_option=True),
                c.EndAttackDesignation(procedure="C2"), c.ReportArtilleryShifts(procedure="C2", hexes=["0303", "0303"])):
        g.execute(cmd)
    assert g.state.kinds["designation"].procedures["C2"].arty_shift_option and verify(g).ok


def test_edition_2_a_multi_hex_assault_names_no_terrain_hex(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0302")], spec="0302:clear:village",
             edition=2)
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301", "0302"]))
    assert proc(g).assaults["G1"].terrain_hex == ""


def test_edition_2_a_unit_named_twice_among_the_eliminated_is_taken(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("e1", "0301"), u("e2", "0301", size="company")], edition=2)
    to_assaults(g)
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a1"], hexes=["0301"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1", result="DE", eliminated=["e1", "e2", "e1"]))
    assert verify(g).ok


def test_edition_2_a_hex_left_with_no_able_designated_unit_lapses_under_9_1_3(tmp_path):
    g = game(tmp_path, [u("a1", "0202", mode="pa"), u("a2", "0404", mode="pa"), u("eX", "0301"), u("eY", "0405"),
                        u("eZ", "0503")], edition=2)
    to_assaults(g)
    g.execute(c.MoveUnit(unit="a1", hex="0105"))
    g.execute(c.DeclareGroundAssault(procedure="C1", attackers=["a2"], hexes=["0405", "0503"]))
    g.execute(c.ReportGroundAssaultResult(procedure="C1", assault="G1"))
    g.execute(c.EndGroundAssaultSegment(procedure="C1"))
    assert proc(g).lapsed == {"0301": "9.1.3"} and verify(g).ok
