"""verify refuses a command carrying an entered die that none of its rolls took, as play refuses it.

Given the hedgerow-assault demo (INVENTED data) with an assault declared, when a rogue client appends
ResolveAssault with its honest events but an extra entered value for a slot no draw of it asks
(chain intact), then verify names that command's seq under the dice rule, as the engine refuses the
command in play. A game created before the engine refused such values (edition 3 or earlier) is
judged as it was played.
"""
from __future__ import annotations

import copy

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.commands import parse
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game, settle
from turnlog.engine.verify import verify
from turnlog.events.codec import encode

DECLARE = {"type": "DeclareAssault", "hex": "0403", "units": ["ge-pz-1", "ge-gren-1"]}
HONEST = {"type": "ResolveAssault", "procedure": "S1", "values": {"attacker_result": 5}}
PADDED = {"type": "ResolveAssault", "procedure": "S1",
          "values": {"attacker_result": 5, "spare/slot": 3}}


def _declared(path, edition: int | None = None) -> Game:
    sc = S.load("hedgerow-assault")
    if edition is not None:
        sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(sc.rules, edition=edition))
    g = Game.create(path, sc)
    g.execute(DECLARE)
    return g


def _append_padded(g: Game) -> int:
    """The honest command's events under the padded payload, appended as a rogue client can."""
    board = copy.deepcopy(g.state)
    done = settle(board, g.decide(copy.deepcopy(g.state), parse(msgspec.json.encode(HONEST).decode())))
    rows = [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]
    _cid, seqs = g.log.append(rows, expected_seq=g.log.last()[0], command_type="ResolveAssault",
                              payload=msgspec.json.encode(PADDED).decode())
    return seqs[0]


def test_play_refuses_an_entered_value_no_draw_takes(tmp_path):
    g = _declared(tmp_path / "g.db")
    with pytest.raises(RuleViolation) as err:
        g.execute(PADDED)
    assert err.value.rule == "dice" and "values.spare/slot" in err.value.message
    g.close()


def test_verify_names_a_logged_entered_value_no_draw_took(tmp_path):
    g = _declared(tmp_path / "g.db")
    at = _append_padded(g)
    rep = verify(g)
    assert not rep.ok and rep.discrepancy is not None
    assert rep.discrepancy.seq == at and rep.discrepancy.rule == "dice"
    assert "values.spare/slot" in rep.discrepancy.message
    g.close()


def test_an_edition_3_game_keeps_re_executing_as_played(tmp_path):
    g = _declared(tmp_path / "g.db", edition=3)
    _append_padded(g)
    assert verify(g).ok
    g.close()
