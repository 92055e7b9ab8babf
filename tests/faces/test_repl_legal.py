"""What `legal` lists must be what the rules accept: the REPL prints it and `do` takes it back verbatim."""
from __future__ import annotations

import pytest

from turnlog.engine.attrition.procedure import KIND
from turnlog.engine.errors import RuleViolation
from turnlog.engine.faces.repl import parse_short

from fixtures.backbone import rolled
from test_repl import run, section
from winter_demo import winter_game


@pytest.fixture
def game(tmp_path):
    g = rolled(tmp_path / "r.db", value=3)
    yield g
    g.close()


def test_every_attrition_line_of_legal_is_accepted_by_do(game):
    """The short form reads what legal prints; each listed attrition command gets past the phase gate."""
    lines = [x.head for x in game.legal() if x.command in ("TakeAttritionLosses", "TakeTwoCounters",
                                                           "RollAttritionDie", "SelectOccupation")]
    assert lines == ["TakeAttritionLosses procedure=A1"]
    cmd = parse_short(lines[0] + " units=us-inf-1,us-inf-2")
    assert game.execute(cmd)


def test_the_shell_survives_a_procedure_caught_mid_command(game):
    out = section(run(game, "goto 25", "legal", "where"), "legal")
    assert "A1 (attrition) is in phase 'count'" in out
    assert "(automatic: counted)   -> roll" in out


def test_legal_inside_a_begin_attrition_command_does_not_crash(game):
    state = game.at(25)
    assert state.attritions["A1"].phase == "count"
    KIND.legal(state)


def test_legal_drops_designate_once_designated(tmp_path):
    g = winter_game(tmp_path, "DesignateWinterHexes")
    with pytest.raises(RuleViolation) as err:
        g.execute(parse_short("DesignateWinterHexes A1 losses=0603 occupation=0605"))
    assert err.value.rule == "14.521"
    assert "DesignateWinterHexes procedure=A1" not in [x.head for x in g.legal()]
