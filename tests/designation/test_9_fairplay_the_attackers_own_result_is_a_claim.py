"""Fair play in Wacht am Rhein's ground assaults: a result the texts leave to the players is a claim.

The ground-assault result (rule 9.2) is read off a table the engine does not hold, so it is a
``report``. In a seated game with the default claims (reports by a neutral host or the referee), the
attacker who reports her own assault's result has made a claim: the board stays as it was until the
defender accepts it, and a dispute leaves it there. Position: the ridge-line-9 demo (INVENTED data).
"""
from __future__ import annotations

import msgspec

from turnlog.engine import scenario as S
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.designation import GroundAssaultResolved
from turnlog.events.game import ClaimMade

import pytest

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol"}
OPENING = [{"type": "BeginAttackDesignation"},
           {"type": "DesignateAttackers", "procedure": "C1", "units": ["ge-bn-1"]},
           {"type": "EndAttackDesignation", "procedure": "C1"},
           {"type": "StartGroundAssaultSegment", "procedure": "C1"},
           {"type": "DeclareGroundAssault", "procedure": "C1",
            "attackers": ["ge-bn-4", "ge-co-6", "ge-bn-7", "ge-co-8"], "hexes": ["0605"]}]
DE = {"type": "ReportGroundAssaultResult", "procedure": "C1", "assault": "G1", "result": "DE"}


def held(g: Game) -> bytes:
    """The units and every kind's procedures, as bytes: what a claim must leave as it was."""
    return msgspec.json.encode([g.state.units, g.state.kinds])


def declared(tmp_path) -> Game:
    g = Game.create(tmp_path / "g.db", S.load("ridge-line-9"), seats=SEATS)
    for cmd in OPENING:
        g.execute(cmd, actor="alice")
    return g


def test_9_2_the_attackers_own_de_is_a_claim_that_eliminates_nobody(tmp_path):
    g = declared(tmp_path)
    board = held(g)
    done = g.execute(DE, actor="alice")
    assert [type(e) for _s, e in done] == [ClaimMade]
    assert held(g) == board
    with pytest.raises(RuleViolation) as err:      # nothing else happens while it waits
        g.execute({"type": "EndGroundAssaultSegment", "procedure": "C1"}, actor="alice")
    assert err.value.rule == "claims.pending"
    g.execute({"type": "DisputeClaim", "claim": "C1"}, actor="bob")
    assert held(g) == board
    assert verify(g).ok
    g.close()


def test_9_2_the_defender_accepting_the_report_applies_it_through_the_rules(tmp_path):
    g = declared(tmp_path)
    g.execute(DE, actor="alice")
    with pytest.raises(RuleViolation) as err:
        g.execute({"type": "AcceptClaim", "claim": "C1"}, actor="alice")
    assert err.value.rule == "claims.answer"
    done = [e for _s, e in g.execute({"type": "AcceptClaim", "claim": "C1"}, actor="bob")]
    resolved = next(e for e in done if isinstance(e, GroundAssaultResolved))
    assert (resolved.assault, resolved.result) == ("G1", "DE")
    assert verify(g).ok
    g.close()
