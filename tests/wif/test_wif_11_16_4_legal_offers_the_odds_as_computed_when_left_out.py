"""11.16.4 from rulings edition 5: legal() offers BeginLandCombat's odds as a field that may be left out
(the engine computes them from the board), and a command drawn from it without odds is accepted; a game
of edition 4 still asks the attacker for them. Position: the river-town demo (INVENTED tables)."""
from __future__ import annotations

import msgspec

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.events.wif import LandCombatBegun


def begin(g: Game):
    ch = next(x for x in g.legal() if x.command == "BeginLandCombat")
    return ch, next(o for o in ch.options if o.field == "odds")


def test_11_16_4_legal_leaves_the_odds_to_the_board_and_the_command_without_them_is_accepted(tmp_path):
    g = Game.create(tmp_path / "g.db", S.load("river-town-11-16-5"))
    ch, odds = begin(g)
    assert odds.optional and "11.16.4" in odds.domain
    cmd = {"type": "BeginLandCombat", **ch.fixed, "attackers": ch.options[0].values[:1], "weather": "fine"}
    done = [e for _s, e in g.execute(cmd)]
    assert next(e for e in done if isinstance(e, LandCombatBegun)).odds
    g.close()


def test_11_16_4_an_edition_4_game_still_asks_the_attacker_for_the_odds(tmp_path):
    sc = S.load("river-town-11-16-5")
    old = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=4))
    g = Game.create(tmp_path / "g.db", old)
    _ch, odds = begin(g)
    assert not odds.optional
    g.close()
