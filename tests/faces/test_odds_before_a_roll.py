"""The table's odds before a roll: each open procedure whose kind gives odds, until its die is rolled by a
command not undone (14.41's column and modifiers for an attrition; WiF's land combat in tests/wif/)."""
from __future__ import annotations

from turnlog import Game, load_scenario
from turnlog.engine.attrition.procedure import odds as attrition_odds
from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.faces.kind_asks import odds_before_rolls


def _game(tmp_path, name="bridgehead-14-65") -> Game:
    return Game.create(str(tmp_path / "g.db"), load_scenario(name))


def test_14_41_an_attritions_odds_show_until_its_die_is_rolled_and_again_once_the_roll_is_undone(tmp_path):
    with _game(tmp_path) as g:
        assert odds_before_rolls(g) == []  # no procedure open
        g.execute(BeginAttrition(attacker="AX", zone="WA/western/0505"), actor="")
        (pid, lines), = odds_before_rolls(g)
        assert pid == "A1" and lines == attrition_odds(g.state, "A1")
        assert "14.41" in lines[0] and any("chance of each result" in x for x in lines)
        g.execute(RollAttritionDie(procedure="A1", value=3), actor="")
        assert odds_before_rolls(g) == []  # A1 faced its odds
        g.undo(override=True, referee="ref", reason="the die fell off the table")
        assert [p for p, _lines in odds_before_rolls(g)] == ["A1"]
