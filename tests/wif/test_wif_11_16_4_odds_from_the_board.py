"""11.16.4, 22.4.2 (rulings edition 5, ``odds_from_board``): a land combat's odds follow from the board
(each unit's combat factors, its multipliers) and the claimed facts the board cannot hold (ground
support, tank busters, a notional unit). Left out, they are computed; in a fair-play game given odds
that read another column are refused, and a river multiplier the hexsides refute too. A game created
under edition 4 is judged as played. INVENTED position, synthetic tables."""
from __future__ import annotations

import msgspec
import pytest

from turnlog import commands as c
from turnlog.engine.errors import CommandError
from turnlog.engine.verify import verify
from turnlog.engine.wif import odds_board as OB
from turnlog.events.game import ClaimMade
from turnlog.events.wif import FactorMultiplier, LandCombatBegun

from helpers import new_game
from seats_position import refused_from
from wif_helpers import EX_T, begin, combat, position

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol"}
RIVER = [{"a": "0203", "b": "0303", "river": True}]


def fair(tmp_path, edition: int = 0, hexsides=()):
    sc = position(EX_T, hexsides=hexsides)
    if edition:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    return new_game(tmp_path, sc, seats=SEATS)


def opened(rows) -> LandCombatBegun:
    return next(e for _s, e in rows if isinstance(e, LandCombatBegun))


def test_wif_11_16_4_odds_left_out_are_the_boards_and_no_claim(tmp_path):
    """EX-T's forces: four 4-factor corps (16) against two 4-factor corps and a 3-factor AA (11,
    22.4.2-AA: its printed factors, as usual): 16:11, read on the 1:1 column; nothing to accept."""
    g = fair(tmp_path)
    rows = g.execute(begin(odds=""), actor="alice")
    assert not any(isinstance(e, ClaimMade) for _s, e in rows)
    assert opened(rows).odds == "16:11"
    g.execute(c.ChooseCombatTable(procedure="L1", table="blitz"), actor="alice")
    assert combat(g).column == "1:1" and verify(g).ok


def test_wif_11_16_4_claimed_odds_the_board_refutes_are_refused(tmp_path):
    g = fair(tmp_path)
    err = refused_from(g, begin(odds="7:1"), "alice", "11.16.4")
    assert "16 against 11" in err.message and "ground_support" in err.message


def test_wif_11_16_4_ground_support_is_a_claim_and_sets_the_odds_once_accepted(tmp_path):
    """Bombers the board cannot see: 17 tactical factors join the attack, 33 against 11 is 3:1."""
    g = fair(tmp_path)
    ((_s, made),) = g.execute(begin(odds="", ground_support={"attacker": 17}), actor="alice")
    assert isinstance(made, ClaimMade) and made.cls == "report"
    g.execute(c.DisputeClaim(claim="C1", reason="no bombers flew"), actor="bob")
    assert not g.state.kinds.get("wif") or not g.state.kinds["wif"].procedures
    g.execute(begin(odds="3:1", ground_support={"attacker": 17}), actor="alice")
    rows = g.execute(c.AcceptClaim(claim="C2"), actor="bob")
    begun = opened(rows)
    assert (begun.odds, begun.ground_support) == ("3:1", {"attacker": 17})
    assert verify(g).ok


def test_wif_11_16_5_t6_a_river_halves_only_an_attacker_across_a_river_hexside(tmp_path):
    g = fair(tmp_path)
    halved = [FactorMultiplier(unit="emech", factor="1/2", reason="river")]
    refused_from(g, begin(odds="", multipliers=halved), "alice", "11.16.5-T6")
    across = [FactorMultiplier(unit="arm1", factor="1/2", reason="river")]
    refused_from(g, begin(odds="", multipliers=across), "alice", "11.16.5-T6")  # no river there
    g2 = fair(tmp_path, hexsides=RIVER)
    ((_s, made),) = g2.execute(begin(odds="", multipliers=across), actor="alice")
    assert isinstance(made, ClaimMade)
    rows = g2.execute(c.AcceptClaim(claim="C1"), actor="bob")
    assert opened(rows).odds == "14:11"  # arm1 halved: 2 + 12 against 11


def test_wif_11_16_4_an_edition_4_game_keeps_the_attackers_odds_as_a_claim(tmp_path):
    g = fair(tmp_path, edition=4)
    ((_s, made),) = g.execute(begin(odds="7:1"), actor="alice")
    assert isinstance(made, ClaimMade) and made.cls == "report"
    rows = g.execute(c.AcceptClaim(claim="C1"), actor="bob")
    assert opened(rows).odds == "7:1" and verify(g).ok
    last = g.log.last()
    with pytest.raises(CommandError, match="ground_support: read from rulings edition 5"):
        g.execute(begin(hex="0304", odds="3:1", ground_support={"attacker": 1}), actor="alice")
    assert g.log.last() == last


def test_wif_11_16_4_a_hot_seat_host_still_gives_the_odds_or_leaves_them_to_the_board(tmp_path):
    g = new_game(tmp_path, position(EX_T))
    assert opened(g.execute(begin(odds="3:1"))).odds == "3:1"
    g2 = new_game(tmp_path, position(EX_T))
    assert opened(g2.execute(begin(odds=""))).odds == "16:11"


def test_wif_11_16_4_verify_names_odds_a_rogue_writer_took_past_the_board(tmp_path, monkeypatch):
    g = fair(tmp_path)
    monkeypatch.setattr(OB, "settled", lambda state, cmd, defenders, checked: cmd.odds)
    ((seq, _e),) = g.execute(begin(odds="7:1"), actor="alice")  # the claim the rules refuse
    g.execute(c.AcceptClaim(claim="C1"), actor="bob")
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and rep.discrepancy.seq == seq and rep.discrepancy.rule == "11.16.4"
