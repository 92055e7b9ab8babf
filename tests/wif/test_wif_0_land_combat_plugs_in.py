"""The WiF land combat is a registered kind: parsed, decided, logged, narrated, replayed, undone, verified and
drawn with no change to the log, Game, verify or the CLI; a game that does not name it refuses it.
INVENTED position, synthetic tables."""
from __future__ import annotations

import turnlog
from turnlog import commands as c
from turnlog.engine.wif import machine
from turnlog.projections.wif import LandCombats

from helpers import new_game, refused, scenario
from kind_checks import replays_snapshots_and_verifies, through_the_cli
from wif_helpers import EX_T, begin, combat, game, grid


def test_wif_commands_parse_and_are_exported():
    assert isinstance(c.parse('{"type": "ChooseCombatTable", "procedure": "L1", "table": "blitz"}'),
                      c.ChooseCombatTable)
    assert c.RollLandCombatDice is turnlog.commands.RollLandCombatDice
    assert turnlog.commands.BeginLandCombat.__name__ == "BeginLandCombat"


def test_wif_a_played_combat_replays_snapshots_undoes_and_verifies(tmp_path):
    """11.16.5-T1: a combat opened, its table chosen and its dice rolled replays, snapshots and verifies;
    undo takes back the table's choice."""
    g = game(tmp_path)
    g.execute(c.ChooseCombatTable(procedure="L1", table="assault"))
    g.undo()
    assert combat(g).phase == "table" and combat(g).table == ""
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"))
    g.execute(c.RollLandCombatDice(procedure="L1"))
    replays_snapshots_and_verifies(g, "wif", LandCombats)


def test_wif_a_game_that_does_not_name_the_kind_refuses_it(tmp_path):
    g = new_game(tmp_path, scenario(grid(), EX_T))
    refused(g, begin(), "procedures")


def test_wif_the_cli_plays_narrates_verifies_and_draws_it(tmp_path, monkeypatch):
    g = game(tmp_path)
    lines = ('{"type": "ChooseCombatTable", "procedure": "L1", "table": "blitz"}\n'
             '{"type": "RollLandCombatDice", "procedure": "L1", "values": {"attacker": 5, "defender": 4}}\n')
    text = through_the_cli(g, lines, "wif", "roll", monkeypatch)
    assert "ARM points attacker 11" in text and "reads -/1R (11.16.5-R1)" in text and "VERIFIED" in text
    for t in machine.TRANSITIONS:
        assert f"{t['source']} --> {t['dest']} : {t['trigger']}" in text
