"""legal() drives every combat system: on random positions, every example drawn from every choice is accepted.

Each of the four built-in kinds gets its own random positions (the generators of its random replay test), and
a game is played from legal() alone: at every step each choice offered gives a few commands (Choice.example),
and the rules must accept every one; then one of the kind's accepted commands is executed. A refusal is
allowed only under a rule the choice's ``note`` names (a condition across fields the lists cannot show,
kit/choices.py); every such refusal is counted as a hypothesis event. Once the kind offers nothing more, the
game must have opened at least one procedure: a kind whose legal() never offers its opening command fails.
"""
from __future__ import annotations

import os
import random
import re
import sys
import tempfile
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from turnlog import commands as c
from turnlog.engine import kinds
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game

from helpers import SEED, new_game

# The generators live beside each system's random replay test (their folders are not packages).
TESTS = Path(__file__).resolve().parents[1]
for _folder in ("attrition", "designation", "assault", "wif"):
    if str(TESTS / _folder) not in sys.path:
        sys.path.append(str(TESTS / _folder))

import test_9_random_positions_replay_and_verify as war  # noqa: E402
import test_assault_random_assaults_replay_and_verify as pzc  # noqa: E402
import test_attrition_random as attr  # noqa: E402
import test_wif_random_combats_replay_and_verify as wif  # noqa: E402
from assault_helpers import game as assault_game  # noqa: E402

EXAMPLES = int(os.environ.get("LEGAL_EXAMPLES", "8"))
SETTINGS = settings(max_examples=EXAMPLES, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def accepted(g: Game, offered, doc: dict) -> bool:
    """Whether the rules accept ``doc``; a refusal fails the test unless its rule is one the note names."""
    try:
        g.decide(g.state, c.parse(msgspec.json.encode(doc)))
        return True
    except (RuleViolation, CommandError) as err:
        rule = getattr(err, "rule", "")
        noted = bool(rule) and re.search(rf"(?<![\d.]){re.escape(rule)}(?![\d.]*\d)", offered.note) is not None
        assert noted, f"{offered} drew {doc}, refused: {err}"
        event(f"{offered.command}: a condition its note states ({rule})")
        return False


def play(g: Game, kind: str, draw, steps: int = 40) -> int:
    """Play ``kind``'s commands from legal() alone; return how many were executed."""
    own = {cls.__name__ for cls in kinds.kind(kind).commands}
    done = 0
    for _ in range(steps):
        rng = random.Random(draw(st.integers(0, 2**32 - 1)))
        good = []
        for offered in g.legal():
            for _ in range(3):
                doc = offered.example(rng)
                if accepted(g, offered, doc) and offered.command in own:
                    good.append(doc)
        if not good:
            return done
        doc = draw(st.sampled_from(good))
        event(doc["type"])
        g.execute(c.parse(msgspec.json.encode(doc)))
        done += 1
    return done


def _run(make, kind: str, draw, opens: bool) -> None:
    """``opens``: the position always has an attack to make, so legal() must offer the kind's opening."""
    with tempfile.TemporaryDirectory() as d:
        g = make(Path(d))
        try:
            done = play(g, kind, draw)
            assert done > 0 or not opens, f"legal() offered no {kind} command a position with an attack needs"
        finally:
            g.close()


@SETTINGS
@given(sc=attr.boards(), data=st.data())
def test_attrition_examples_are_accepted(sc, data):
    """Rule 14: the attrition phase played from legal() alone."""
    _run(lambda d: Game.create(d / "g.db", sc, seed=SEED), "attrition", data.draw, opens=False)


@SETTINGS
@given(case=war.positions(), data=st.data())
def test_designation_examples_are_accepted(case, data):
    """WaR rule 9: a Combat Phase of designations and assaults played from legal() alone."""
    _run(lambda d: new_game(d, case[0]), "designation", data.draw, opens=True)


@SETTINGS
@given(case=pzc.positions(), data=st.data())
def test_assault_examples_are_accepted(case, data):
    """Panzer Campaigns AS-*: assaults on the defended hex played from legal() alone."""
    units, spec, rules, fanatical, _b, _rnd = case
    _run(lambda d: assault_game(d, units, spec, pzc=rules, fanatical=fanatical), "assault", data.draw,
         opens=True)


@SETTINGS
@given(case=wif.combats(), data=st.data())
def test_wif_examples_are_accepted(case, data):
    """WiF 11.16.5: a land combat opened, its table chosen, rolled and settled from legal() alone."""
    _run(lambda d: new_game(d, case[0]), "wif", data.draw, opens=True)
