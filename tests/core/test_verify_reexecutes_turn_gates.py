"""verify re-executes through the same gate as play: a turn moved on past an open attrition is caught (14.11)."""
from __future__ import annotations

from turnlog.engine import commands as c
from turnlog.engine.verify import verify
from turnlog.events.codec import encode
from turnlog.events.game import PhaseStarted

from helpers import hexes, new_game, scenario, unit


def test_forged_phase_change_past_an_open_attrition_is_named_with_its_rule(tmp_path):
    g = new_game(tmp_path, scenario(hexes("0403:WA 0404:AX"), [unit("it-1", "IT", "0404", 5),
                                                                 unit("us-1", "US", "0403", 3)]))
    g.execute(c.BeginAttrition(attacker="AX", zone="WA/western/0403"))
    # A client that skipped the rules writes the phase change anyway, with a valid hash chain.
    ev = PhaseStarted(phase="supply")
    cmd = c.StartPhase(phase="supply")
    _cid, (seq,) = g.log.append([("PhaseStarted", ev.version, encode(ev).decode(), False)],
                                expected_seq=g.state.seq, command_type="StartPhase", payload=c.encode(cmd).decode())
    g.state = g.at()
    rep = verify(g)
    assert not rep.ok and rep.discrepancy is not None
    assert (rep.discrepancy.seq, rep.discrepancy.rule) == (seq, "14.11")
    g.close()
