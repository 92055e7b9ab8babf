"""WiF land combat on random INVENTED positions: whatever is played or refused, replay equals the live state
and the log verifies; a refusal writes nothing.

Each example draws the attacked hex's terrain and features, a random set of units of random WiF types and
sizes on both sides, random multipliers, tank busters, weather and odds, then opens the combat, chooses a
random table and rolls (seeded or entered dice). WIF_EXAMPLES=200 searches longer than the suite's 12.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import turnlog
from turnlog import commands as c
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.events.wif import FactorMultiplier, TankBuster

from helpers import new_game
from wif_helpers import combat, position, u
from wif_loss_helpers import play

CODES = ["HQ-A", "ARM", "MECH", "MOT", "CAV", "INF", "GAR", "MIL", "MTN", "PARA", "MAR", "ART", "ENG", "AT", "AA"]
HEX = ["clear", "clear:city=1", "clear:city=2", "forest", "mountain", "desert", "clear:fortress"]
ODDS = ["1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "5:1", "7:1", "9:1", "12:1"]


@st.composite
def combats(draw):
    units = []
    for i in range(draw(st.integers(1, 4))):
        units.append(u(f"a{i}", draw(st.sampled_from(CODES)), size=draw(st.sampled_from(["corps", "division"])),
                       factors=draw(st.integers(1, 6))))
    for i in range(draw(st.integers(1, 3))):
        units.append(u(f"e{i}", draw(st.sampled_from(CODES)), size=draw(st.sampled_from(["corps", "division"])),
                       factors=draw(st.integers(1, 6))))
    attackers = [x["id"] for x in units if x["id"].startswith("a")]
    mult = [FactorMultiplier(unit=uid, factor=draw(st.sampled_from(["2", "1/2"])), reason="chit")
            for uid in attackers if draw(st.booleans())]
    tbs = [TankBuster(unit="tb", side=draw(st.sampled_from(["attacker", "defender"])), factors=draw(st.integers(0, 4)))
           ] if draw(st.booleans()) else []
    fort = draw(st.booleans())
    cmd = c.BeginLandCombat(hex="0303", attackers=attackers, odds=draw(st.sampled_from(ODDS)),
                            weather=draw(st.sampled_from(["fine", "snow", "rain"])), multipliers=mult,
                            tank_busters=tbs, notional=draw(st.integers(0, 2)))
    sides = [{"a": "0203", "b": "0303", "fortified_by": "WA"}] if fort else []
    return position(units, "0303:" + draw(st.sampled_from(HEX)), sides), cmd, draw(st.randoms(use_true_random=False))


def _try(g, cmd) -> bool:
    last = g.log.last()
    try:
        g.execute(cmd)
        return True
    except (RuleViolation, CommandError):
        assert g.log.last() == last and g.state == g.at()
        return False


@settings(max_examples=int(os.environ.get("WIF_EXAMPLES", "12")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(combats())
def test_wif_random_combats_replay_and_verify(case):
    """11.16.5-T1, 11.16.5-R1: a random combat plays to its result or is refused whole, and replays and verifies."""
    sc, begin, rnd = case
    with tempfile.TemporaryDirectory() as d:
        g = new_game(Path(d), sc)
        assert _try(g, begin)
        _try(g, c.ChooseCombatTable(procedure="L1", table=rnd.choice(["assault", "blitz", "blitz"])))
        l1 = combat(g)
        assert l1.phase == "roll" and l1.column
        _try(g, c.RollLandCombatDice(procedure="L1", values={"attacker": rnd.randint(0, 11)}))
        if combat(g).phase == "roll":
            assert _try(g, c.RollLandCombatDice(procedure="L1"))
        l1 = combat(g)
        assert l1.phase in ("first_loss", "losses", "done") and l1.cell
        play(g, rnd)  # the results (11.16.5-R2-R4e, K1): losses through legal() to the combat's end
        assert combat(g).phase == "done"
        assert g.at(use_snapshots=False) == g.state
        rep = turnlog.verify_path(g.log.path)
        assert rep.ok, rep.problem
        g.close()
