"""What legal() lists is what the rules accept, and a unit or hex it leaves out is refused.

On random boards (tests/attrition/test_attrition_random.py's generator) the attrition phase is played with nothing
but legal()'s choices: at every step each offered choice gives a few commands drawn from its options
(``Choice.example``), and Game.decide must accept every one. For losses, occupation and retreats the
drawn command is then changed to use one unit or hex that is not listed, and must be refused. The one
condition a choice leaves to its note, a retreat that overstacks (14.73A), may refuse a drawn retreat;
those are counted, not failed.
"""
from __future__ import annotations

import os
import random
import re
import tempfile
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from turnlog.engine import commands as c
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.hexgrid import grid

from helpers import SEED
from reliability.play import fuzz_scenario
from test_attrition_random import ATTRITION, boards
from winter_demo import winter_game


def command(doc: dict) -> c.Command:
    return c.parse(msgspec.json.encode(doc))


def accepted(g: Game, offered, doc: dict) -> bool:
    """Whether the rules accept ``doc``; a refusal is a failure unless it is the note's overstack."""
    try:
        g.decide(g.state, command(doc))
        return True
    except (RuleViolation, CommandError) as err:
        overstack = offered.command == "RetreatUnits" and getattr(err, "rule", "") == "14.73A" \
            and "overstack" in str(err)
        # A choice's note states the conditions across its fields that a draw need not respect (kit/choices.py),
        # each with its rule: a refusal under a rule the note names is that condition, any other is a failure.
        rule = getattr(err, "rule", "")
        noted = bool(rule) and re.search(rf"(?<![\d.]){re.escape(rule)}(?![\d.]*\d)", offered.note) is not None
        assert overstack or noted, f"{offered} drew {doc}, refused: {err}"
        event(f"a drawn {offered.command} broke a condition its note states ({getattr(err, 'rule', '')})")
        return False


def refused(g: Game, doc: dict) -> None:
    try:
        g.decide(g.state, command(doc))
    except (RuleViolation, CommandError):
        return
    raise AssertionError(f"{doc} uses a unit or hex legal() did not list, yet the rules accept it")


def unlisted(offered, doc: dict, rng: random.Random, g: Game) -> dict | None:
    """``doc`` with one unit or hex that the choice does not list, or None when there is none to use."""
    s, opts = g.state, {(o.field, tuple(o.when.values())): o for o in offered.options}
    if offered.command == "TakeAttritionLosses":
        others = sorted(set(s.units) - set(opts["units", ()].values))
        if not others:
            return None
        units = list(doc["units"])
        if units:
            units[rng.randrange(len(units))] = rng.choice(others)
        else:
            units = [rng.choice(others)]
        return {**doc, "units": units}
    if offered.command == "SelectOccupation":
        others = sorted(set(s.hexes) - set(opts["selections[].hex", ()].values))
        movers = s.attritions[doc["procedure"]].units
        if not others or not movers:
            return None
        sel = [dict(x) for x in doc["selections"]] or [{"hex": "", "units": [rng.choice(movers)]}]
        sel[rng.randrange(len(sel))]["hex"] = rng.choice(others)
        return {**doc, "selections": sel}
    if offered.command == "RetreatUnits":
        rets = [dict(x) for x in doc["retreats"]]
        i = rng.randrange(len(rets))
        listed = opts["retreats[].to", (rets[i]["unit"],)].values
        near = grid(s).adj[s.units[rets[i]["unit"]].hex] + [""]
        others = [h for h in near if h not in listed]
        if not others:
            return None
        rets[i]["to"] = rng.choice(others)
        return {**doc, "retreats": rets}
    return None


def play_with_choices(g: Game, draw) -> None:
    for _ in range(60):
        offered = [o for o in g.legal() if o.command in ATTRITION | {"DesignateWinterHexes"}]
        if not offered:
            return
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        good = []
        for o in offered:
            for _ in range(3):
                doc = o.example(rng)
                if accepted(g, o, doc):
                    good.append(doc)
                    bad = unlisted(o, doc, rng, g)
                    if bad is not None:
                        event(f"unlisted {o.command} refused")
                        refused(g, bad)
        if not good:  # only overstacking retreats were drawn: the phase is played on by test_attrition_random
            return
        doc = draw(st.sampled_from(good))
        event(doc["type"])
        g.execute(command(doc))
    raise AssertionError("the attrition phase did not end")


@settings(max_examples=int(os.environ.get("ATTRITION_EXAMPLES", 30)), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(sc=boards(), data=st.data())
def test_every_drawn_choice_is_accepted_and_an_unlisted_unit_or_hex_refused(sc, data):
    with tempfile.TemporaryDirectory() as d:
        g = Game.create(Path(d) / "c.db", sc, seed=SEED)
        try:
            play_with_choices(g, data.draw)
            nxt = data.draw(st.sampled_from(["", "WA", "RU"]))
            if nxt and all(p.phase == "done" for p in g.state.attritions.values()):
                g.execute(c.StartPlayerTurn(faction=nxt))
                g.execute(c.StartPhase(phase="attrition"))
                play_with_choices(g, data.draw)
        finally:
            g.close()


def play_everything(g: Game, draw, steps: int) -> None:
    """A random game of every kind's choices: each drawn command accepted, then one of them executed."""
    for _ in range(steps):
        offered = g.legal()
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        good: dict[str, list[dict]] = {}
        for o in offered:
            doc = o.example(rng)
            if accepted(g, o, doc):
                good.setdefault(o.role, []).append(doc)
                bad = unlisted(o, doc, rng, g)
                if bad is not None:
                    refused(g, bad)
        # the attrition's own steps most of the time, so that games reach the later phases
        role = draw(st.sampled_from([r for r in ("attacker", "defender") if r in good] * 4 + sorted(good)))
        doc = draw(st.sampled_from(good[role]))
        event(doc["type"])
        g.execute(command(doc))


@settings(max_examples=int(os.environ.get("ATTRITION_EXAMPLES", 30)) // 2, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_kinds_choices_are_accepted_in_the_fuzz_game(data):
    """The fuzzers' scenario (tests/reliability/play.py): two fronts, a Russian winter, a minor ally, a box."""
    with tempfile.TemporaryDirectory() as d:
        g = Game.create(Path(d) / "f.db", fuzz_scenario(), seed=SEED)
        try:
            play_everything(g, data.draw, 40)
        finally:
            g.close()


@settings(max_examples=int(os.environ.get("ATTRITION_EXAMPLES", 30)) // 3, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_every_choice_is_accepted_in_a_russian_winter_attrition(data):
    """The bundled winter demo after its roll: designations (14.521), then losses, occupation, retreats."""
    with tempfile.TemporaryDirectory() as d:
        g = winter_game(Path(d), "RollAttritionDie")
        try:
            play_everything(g, data.draw, 12)
        finally:
            g.close()
