"""Rule 9 on random INVENTED positions: whatever is played or refused, replay equals the live state and the
log verifies; a refusal writes nothing.

Each example draws a small map (clear, woods, gorge, marsh; villages; rivers and impassable sides), units of
both sides with random modes, sizes and classes, then plays one Combat Phase: random designations, the end of
the segment (marking whatever 9.1.1 names), maybe artillery shifts, then assaults on the required hexes with
the units able to make them, random results, and the end. Random commands in between must either be accepted
or refused with nothing written. WAR_EXAMPLES=200 searches longer than the suite's 12.
"""
from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import turnlog
from turnlog import commands as c
from turnlog.engine.designation import r9_1_designation as s91
from turnlog.engine.designation import r9_2_ground_assault as s92
from turnlog.engine.designation.r9_2_results import affected
from turnlog.engine.errors import CommandError, RuleViolation

from helpers import new_game
from war_helpers import position

TERRAIN = ["clear"] * 5 + ["woods", "woods", "gorge", "marsh"]
MODES = ["tactical", "tactical", "pa", "exploit"]
SIZES = ["battalion", "battalion", "company", "regiment"]
CLASSES = ["infantry"] * 4 + ["armour", "artillery", "hq", "vehicle"]


@st.composite
def positions(draw):
    n = 4
    spec = []
    for col in range(1, n + 1):
        for row in range(1, n + 1):
            t = draw(st.sampled_from(TERRAIN))
            village = draw(st.integers(0, 9)) == 0
            spec.append(f"{col:02d}{row:02d}:{t}" + (":village" if village else ""))
    units = []
    for i in range(draw(st.integers(2, 9))):
        side = "e" if i % 2 else "a"
        hex_ = f"{draw(st.integers(1, n)):02d}{draw(st.integers(1, n)):02d}"
        units.append({"id": f"{side}{i}", "nationality": "US" if side == "e" else "GE", "hex": hex_, "factors": 1,
                      "mode": draw(st.sampled_from(MODES)), "size": draw(st.sampled_from(SIZES)),
                      "unit_class": draw(st.sampled_from(CLASSES))})
    sides = []
    for a, b in (("0202", "0302"), ("0202", "0301"), ("0303", "0403"), ("0203", "0302")):
        kind = draw(st.sampled_from([None, None, {"river": True}, {"impassable": True}]))
        if kind:
            sides.append({"a": a, "b": b, **kind})
    return position(units, " ".join(spec), sides), draw(st.randoms(use_true_random=False))


def _try(g, cmd) -> bool:
    """Execute ``cmd``; on a refusal check nothing was written and the live state is the log's."""
    last = g.log.last()
    try:
        g.execute(cmd)
        return True
    except (RuleViolation, CommandError):
        assert g.log.last() == last
        assert g.state == g.at()
        return False


def _proc(g):
    return g.state.kinds["designation"].procedures["C1"]


def _designation(g, rnd):
    p = _proc(g)
    pool = [u for u in sorted(g.state.units) if u.startswith("a")]
    for _ in range(rnd.randint(0, 3)):
        _try(g, c.DesignateAttackers(procedure="C1", units=rnd.sample(pool, k=min(len(pool), rnd.randint(1, 2)))))
    if rnd.random() < 0.3 and p.marked:
        _try(g, c.UndesignateAttackers(procedure="C1", units=[rnd.choice(_proc(g).marked)]))
    for _ in range(3):
        if _try(g, c.EndAttackDesignation(procedure="C1")):
            return
        _, unmarked = s91.duties(g.state, _proc(g))
        assert unmarked
        assert _try(g, c.DesignateAttackers(procedure="C1", units=unmarked))
    raise AssertionError("the designation segment never ended")


def _result(g, rnd, gid):
    reach = sorted(affected(g.state, _proc(g), _proc(g).assaults[gid]))
    dead = [u for u in reach if rnd.random() < 0.3]
    assert _try(g, c.ReportGroundAssaultResult(procedure="C1", assault=gid, result="X", eliminated=dead))


def _assaults(g, rnd):
    for _ in range(12):
        p = _proc(g)
        owed = s92.unattacked(g.state, p)
        if not owed:
            break
        h = owed[0]
        able = s92.able_units(g.state, p, h, set(p.participated))
        if not able:
            break
        for uid in able:
            if _try(g, c.DeclareGroundAssault(procedure="C1", attackers=[uid], hexes=[h])):
                _result(g, rnd, f"G{len(_proc(g).assaults)}")
                break
        else:
            break
    if rnd.random() < 0.5:   # a random assault: accepted or refused, never half-written
        units = [u for u in sorted(g.state.units) if u.startswith("a")]
        hexes = sorted(g.state.hexes)
        if _try(g, c.DeclareGroundAssault(procedure="C1", attackers=[rnd.choice(units)], hexes=[rnd.choice(hexes)])):
            _result(g, rnd, f"G{len(_proc(g).assaults)}")
    last = g.log.last()
    try:
        g.execute(c.EndGroundAssaultSegment(procedure="C1"))
        assert _proc(g).phase == "done"
    except RuleViolation as err:
        assert err.rule == "9.1.1" and re.search(r"\d{4} \(by ", err.message) and g.log.last() == last


@settings(max_examples=int(os.environ.get("WAR_EXAMPLES", "12")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(positions())
def test_9_random_combat_phases_replay_and_verify(drawn):
    sc, rnd = drawn
    with tempfile.TemporaryDirectory() as d:
        g = new_game(Path(d), sc)
        try:
            g.execute(c.BeginAttackDesignation(arty_shift_option=rnd.random() < 0.3))
            _designation(g, rnd)
            if rnd.random() < 0.3 and _proc(g).required:
                assert _try(g, c.ReportArtilleryShifts(procedure="C1", hexes=[rnd.choice(_proc(g).required)]))
            assert _try(g, c.StartGroundAssaultSegment(procedure="C1"))
            _assaults(g, rnd)
            assert g.at(use_snapshots=False) == g.state
            rep = turnlog.verify_path(g.log.path)
            assert rep.ok, rep.problem
        finally:
            g.close()
