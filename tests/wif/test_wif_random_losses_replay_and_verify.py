"""Random WiF land combats played to their end through Game, losses and kampfgruppen included, replay to the live
board and verify (11.16.5-R2-R4e, K1a-K2c). INVENTED units and build costs; SYNTHETIC tables (tests/wif/wif_helpers.py).

Each draw opens a combat with random forces and host facts, lets the chooser take a random table, enters
random dice, and plays the results with nothing but what legal() offers: a named type picked at random, and
for each side a loss list built in a random order (its first unit one the constraint allows) up to the
points owed. Then the attacker's production phase credits its kampfgruppen and each builds what legal() offers.
"""
from __future__ import annotations

import os
import random
import tempfile
from pathlib import Path

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import turnlog
from turnlog import commands as c
from turnlog.events.setup import TurnSequenceSpec

from helpers import new_game
from wif_helpers import begin, position, u
from wif_loss_helpers import COSTS, play

CLASSES = ["ARM", "MECH", "INF", "INF", "MAR", "PARA", "ENG", "HQ-A", "HQ-I", "MIL", "ART", "CAV", "MOT"]


def forces(rnd: random.Random) -> tuple[list[dict], dict]:
    units, facts = [], {"invaders": [], "paradropped": [], "eng_used": [], "in_supply": {}, "retreat_route": {}}
    for i in range(rnd.randint(1, 5)):
        cls = rnd.choice(CLASSES)
        size = "division" if cls in ("PARA", "ENG") or rnd.random() < 0.3 else "corps"
        units.append(u(f"a{i}", cls, size=size, markers=["white_print"] if rnd.random() < 0.5 else []))
    for i in range(rnd.randint(1, 3)):
        cls = rnd.choice(CLASSES)
        units.append(u(f"e{i}", cls, size="division" if rnd.random() < 0.3 else "corps",
                       markers=["white_print"] if rnd.random() < 0.5 else []))
    att = [x["id"] for x in units if x["id"].startswith("a")]
    facts["invaders"] = [a for a in att if rnd.random() < 0.25]
    facts["paradropped"] = [a for a in att if a not in facts["invaders"] and rnd.random() < 0.2]
    facts["eng_used"] = [x["id"] for x in units if x["unit_class"] == "ENG" and x["id"].startswith("a")
                         and rnd.random() < 0.6]
    for x in units:
        facts["in_supply"][x["id"]] = rnd.random() < 0.8
        facts["retreat_route"][x["id"]] = rnd.random() < 0.8
    return units, {"attackers": att, **facts}


@settings(max_examples=int(os.environ.get("WIF_EXAMPLES", "10")), deadline=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_random_combats_with_losses_replay_and_verify(seed):
    rnd = random.Random(seed)
    units, facts = forces(rnd)
    sc = position(units, wif={"build_costs": COSTS})
    sc = msgspec.structs.replace(sc, rules=msgspec.structs.replace(
        sc.rules, turn_sequence=TurnSequenceSpec(phases=["combat", "production"])))
    with tempfile.TemporaryDirectory() as d:
        g = new_game(Path(d), sc)
        try:
            g.execute(begin(**facts))
            g.execute(c.ChooseCombatTable(procedure="L1", table=rnd.choice(["blitz", "assault"])))
            g.execute(c.RollLandCombatDice(procedure="L1", values={"attacker": rnd.randint(1, 10),
                                                                   "defender": rnd.randint(1, 10)}))
            play(g, rnd)
            g.execute(c.StartPhase(phase="production"))
            for ch in [ch for ch in g.legal() if ch.command == "BuildWithKampfgruppe"]:
                g.execute(c.BuildWithKampfgruppe(credit=ch.fixed["credit"],
                                                 unit_class=rnd.choice(ch.options[0].values)))
            assert g.at(use_snapshots=False) == g.state
            rep = turnlog.verify_path(g.log.path)
            assert rep.ok, rep.problem
        finally:
            g.close()
