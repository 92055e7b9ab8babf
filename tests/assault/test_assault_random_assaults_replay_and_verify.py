"""Panzer Campaigns assault on random INVENTED positions: whatever is played or refused, replay equals the live
state and the log verifies (every draw re-derived from the committed seed); a refusal writes nothing.

Each example draws units of both sides around the defending hex 0302 (men or vehicles, random INVENTED assault
and defence ratings, demolition, towed and anti-tank flags, prior disruption), minefields and a bunker, a
Fanatical defender or not, night or day, and the two readings (allocation, disruption). It declares with the
units legal() offers, resolves from the seed, then answers whatever the assault waits for from legal()'s
choices, with a random wrong retreat tried on the way. ASSAULT_EXAMPLES=200 searches longer than the suite's 12.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import turnlog
from turnlog import commands as c
from turnlog.engine.errors import CommandError, RuleViolation

from assault_helpers import game, proc, u

NEAR = ["0202", "0203", "0301", "0303", "0402", "0403"]   # the neighbours of 0302 (odd-q)


@st.composite
def positions(draw):
    units = []
    for i in range(draw(st.integers(1, 3))):
        vehicles = draw(st.booleans())
        units.append({**u(f"a{i}", draw(st.sampled_from(NEAR)), assault=draw(st.integers(1, 12)),
                          defence=draw(st.integers(0, 9)), demolition=int(draw(st.integers(0, 5)) == 0)),
                      "strength": draw(st.integers(1, 20 if vehicles else 400)),
                      "strength_kind": "vehicles" if vehicles else "men"})
    for i in range(draw(st.integers(1, 3))):
        flags = draw(st.sampled_from([{}, {}, {"travel_only": 1}, {"travel_only": 1, "at_gun": 1}]))
        units.append({**u(f"e{i}", "0302", assault=draw(st.integers(0, 12)), defence=draw(st.integers(0, 9)),
                          markers=["disrupted"] if draw(st.integers(0, 3)) == 0 else [], **flags),
                      "strength": draw(st.integers(1, 300))})
    mines = [h for h in NEAR if draw(st.integers(0, 3)) == 0]
    spec = " ".join([f"{h}:clear:minefield" for h in mines] + (["0302:clear:bunker"] if draw(st.booleans()) else []))
    owner = draw(st.booleans())
    if owner:  # the owner allocates here with men only, so an exact allocation always exists
        units = [{**x, "strength_kind": "men"} for x in units]
    pzc = {"allocation": "owner" if owner else "proportional", "disruption": draw(st.sampled_from(["host", "ratio"]))}
    return units, spec, pzc, draw(st.booleans()), draw(st.booleans()), draw(st.randoms(use_true_random=False))


def _try(g, cmd) -> bool:
    last = g.log.last()
    try:
        g.execute(cmd)
        return True
    except (RuleViolation, CommandError):
        assert g.log.last() == last and g.state == g.at()
        return False


def _allocate(g, side: str) -> c.AllocateAssaultLosses:
    p = proc(g)
    need = p.att_loss if side == "attacker" else p.def_loss
    out = {}
    for uid in (p.units if side == "attacker" else p.defenders):
        unit = g.state.units[uid]
        if need > 0 and unit.hex and not unit.eliminated and unit.strength > 0:
            out[uid] = min(need, unit.strength)
            need -= out[uid]
    return c.AllocateAssaultLosses(procedure="S1", side=side, losses=out)


def _answer(g, rnd) -> None:
    """One command the assault waits for, from legal()'s choice."""
    ch = [x for x in g.legal() if x.fixed.get("procedure") == "S1"][0]  # the first of both sides' allocations
    if ch.command == "AllocateAssaultLosses":
        assert _try(g, _allocate(g, ch.fixed["side"]))
    elif ch.command == "ReportDisruption":
        pool = ch.options[0].values
        beaten = rnd.random() < 0.6  # most often every defender, so that AS-RET.1 is put to work
        hit = [x for x in pool if (x in proc(g).defenders if beaten else rnd.random() < 0.5)
               and "disrupted" not in g.state.units[x].markers]
        assert _try(g, c.ReportDisruption(procedure="S1", disrupted=hit))
    elif ch.command == "RetreatAssaultUnits":
        _try(g, c.RetreatAssaultUnits(procedure="S1", retreats=[
            c.Retreat(unit=x, to=rnd.choice(list(g.state.hexes))) for x in proc(g).retreating]))
        if proc(g).phase == "retreat":
            moves = [c.Retreat(unit=o.when["retreats[].unit"], to=rnd.choice(o.values)) for o in ch.options[1:]]
            assert _try(g, c.RetreatAssaultUnits(procedure="S1", retreats=moves))
    else:
        raise AssertionError(f"unexpected choice {ch}")


@settings(max_examples=int(os.environ.get("ASSAULT_EXAMPLES", "12")), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(positions())
def test_random_assaults_replay_and_verify(example):
    units, spec, pzc, fanatical, night, rnd = example
    with tempfile.TemporaryDirectory() as tmp:
        g = game(Path(tmp), units, spec, pzc=pzc, fanatical=fanatical)
        (decl,) = [x for x in g.legal() if x.command == "DeclareAssault" and x.fixed["hex"] == "0302"] or [None]
        if decl is None:
            event("no assault possible")
            return
        assert _try(g, c.DeclareAssault(hex="0302", units=decl.options[0].values))
        assert _try(g, c.ResolveAssault(procedure="S1", night=night))
        for _ in range(8):
            if proc(g).phase == "done":
                break
            _answer(g, rnd)
        assert proc(g).phase == "done"
        event(f"losses {'yes' if proc(g).att_loss or proc(g).def_loss else 'no'}, "
              f"retreat {'forced' if proc(g).retreating else 'not forced'}")
        assert g.at(use_snapshots=False) == g.state
        rep = turnlog.verify_path(g.log.path)
        assert rep.ok, rep.problem
        g.close()
