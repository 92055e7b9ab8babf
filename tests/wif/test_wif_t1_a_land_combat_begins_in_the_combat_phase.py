"""When a land combat may begin: the texts do not say (base RaW's land combat step), so the engine reads the
game's turn sequence: with a ``combat`` phase, BeginLandCombat is refused outside it under the engine's rule
``turn``; a sequence without one leaves it to the host. INVENTED position, synthetic tables."""
from __future__ import annotations

from helpers import new_game, refused, scenario
from wif_helpers import EX_T, TERRAIN, begin, combat, grid, tables


def _game(tmp_path, phase: str, phases=None):
    rules = {"procedures": ["wif"], "wif": {"die": "wif-d10"}}
    if phases:
        rules["turn_sequence"] = {"phases": phases}
    sc = scenario(grid(""), EX_T, terrain_types=TERRAIN, rules=rules,
                  dice={"wif-d10": {"count": 1, "sides": 10, "lowest": 1}}, tables=tables("blitz", "assault"),
                  turn={"turn": 1, "season": "summer", "year": 1940, "active": "AX", "phase": phase})
    return new_game(tmp_path, sc)


def test_wif_t1_begin_is_refused_in_the_movement_phase(tmp_path):
    """11.16.5-T1: no table is read for a combat begun outside the combat phase; nothing is written."""
    g = _game(tmp_path, "movement")
    err = refused(g, begin(), "turn")
    assert "combat phase" in str(err) and "movement" in str(err)


def test_wif_t1_begin_is_accepted_in_the_combat_phase(tmp_path):
    g = _game(tmp_path, "combat")
    g.execute(begin())
    assert combat(g).phase == "table"


def test_wif_t1_a_sequence_without_a_combat_phase_leaves_it_to_the_host(tmp_path):
    g = _game(tmp_path, "land", phases=["movement", "land", "production"])
    g.execute(begin())
    assert combat(g).phase == "table"
