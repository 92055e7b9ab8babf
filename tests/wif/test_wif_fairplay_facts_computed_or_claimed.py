"""In a fair-play game the board's facts are computed, the rest claimed: BeginLandCombat's defenders
are every enemy unit in the hex (a shorter list is refused, rule ``claims.computed``); the odds
follow from the board (tests/wif/test_wif_11_16_4_odds_from_the_board.py), and the ground support
the board does not hold, multipliers, supply and retreat routes are the attacker's report, which
waits for the defender's acceptance. INVENTED position, synthetic tables."""

from __future__ import annotations

from turnlog import commands as c
from turnlog.engine.verify import verify
from turnlog.events.game import ClaimMade

from helpers import new_game
from seats_position import refused_from
from wif_helpers import EX_T, begin, position

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol"}


def test_fairplay_defenders_are_every_enemy_unit_in_the_hex(tmp_path):
    g = new_game(tmp_path, position(EX_T), seats=SEATS)
    err = refused_from(g, begin(defenders=["eaa"]), "alice", "claims.computed")
    assert "emech, emil" in err.message


def test_fairplay_the_attackers_ground_support_waits_for_the_defender(tmp_path):
    g = new_game(tmp_path, position(EX_T), seats=SEATS)
    ((_s, made),) = g.execute(begin(odds="", ground_support={"attacker": 61}), actor="alice")
    assert isinstance(made, ClaimMade) and made.cls == "report"
    assert not g.state.kinds.get("wif") or not g.state.kinds["wif"].procedures
    g.execute(c.DisputeClaim(claim="C1", reason="3:1 after ground support"), actor="bob")
    g.execute(begin(odds="3:1", ground_support={"attacker": 17}), actor="alice")
    g.execute(c.AcceptClaim(claim="C2"), actor="bob")
    assert verify(g).ok
