"""Fair play in Panzer Campaigns assaults: entered draws and the disruption report are claims.

In a seated game with the default claims, the attacker who types her own Combat Result draws
(AS-RES.2: ``values``) has entered dice, a ``die`` claim; the attacker who reports which defenders the
assault Disrupted or Broke (rules.pzc.disruption = "host") has made a ``report`` claim. Neither
changes the board until the defender accepts it. Position: the hedgerow-assault demo (INVENTED data).
"""
from __future__ import annotations

import msgspec

from turnlog.engine import scenario as S
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.assault import UnitStatusChanged
from turnlog.events.game import ClaimMade

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol"}
DECLARE = {"type": "DeclareAssault", "hex": "0403", "units": ["ge-pz-1", "ge-gren-1"]}
RIGGED = {"type": "ResolveAssault", "procedure": "S1",
          "values": {"defender_result": 999_999, "attacker_result": 0}}
ALL_BROKEN = {"type": "ReportDisruption", "procedure": "S1", "disrupted": [],
              "broken": ["us-at-1", "us-inf-1", "us-eng-1"]}


def held(g: Game) -> bytes:
    """The units and every kind's procedures, as bytes: what a claim must leave as it was."""
    return msgspec.json.encode([g.state.units, g.state.kinds])


def declared(tmp_path) -> Game:
    g = Game.create(tmp_path / "g.db", S.load("hedgerow-assault"), seats=SEATS)
    g.execute(DECLARE, actor="alice")
    return g


def test_as_res_2_the_attackers_own_draws_are_a_claim_and_a_dispute_rolls_from_the_seed(tmp_path):
    g = declared(tmp_path)
    board = held(g)
    done = g.execute(RIGGED, actor="alice")
    assert [type(e) for _s, e in done] == [ClaimMade]
    assert done[0][1].cls == "die"
    assert held(g) == board
    g.execute({"type": "DisputeClaim", "claim": "C1"}, actor="bob")
    assert held(g) == board
    rolled = g.execute({"type": "ResolveAssault", "procedure": "S1"}, actor="alice")
    assert not any(getattr(e, "entered", False) for _s, e in rolled)
    assert verify(g).ok
    g.close()


def test_as_dis_the_attackers_disruption_report_is_a_claim_until_the_defender_accepts(tmp_path):
    g = declared(tmp_path)
    g.execute({"type": "ResolveAssault", "procedure": "S1"}, actor="alice")
    board = held(g)
    done = g.execute(ALL_BROKEN, actor="alice")
    assert [type(e) for _s, e in done] == [ClaimMade]
    assert done[0][1].cls == "report"
    assert held(g) == board
    done = [e for _s, e in g.execute({"type": "AcceptClaim", "claim": "C1"}, actor="bob")]
    broke = {e.unit for e in done if isinstance(e, UnitStatusChanged) and e.status == "broken"}
    assert broke == {"us-at-1", "us-inf-1", "us-eng-1"}
    assert verify(g).ok
    g.close()
