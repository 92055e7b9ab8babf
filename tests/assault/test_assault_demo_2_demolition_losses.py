"""AS-DEMO.2 (reading P14): each demolition unit taking part loses 32 / its assault value in strength, randomly
rounded by its own committed draw. INVENTED units and parameters."""
from __future__ import annotations

from fractions import Fraction

import turnlog
from turnlog import commands as c
from turnlog.events import assault as a
from turnlog.events.game import DieRolled
from turnlog.engine.assault.as_demo_demolition import share

from assault_helpers import game, of, u

BOTH = {"defender_result": 0, "attacker_result": 0}   # both Combat Results at the low value: 1 x cv / 10


def resolve(tmp_path, av: int, values: dict | None = None):
    units = [u("a1", "0202", assault=av, defence=100, demolition=1), u("e1", "0302", assault=1, defence=100)]
    g = game(tmp_path, units, pzc={})
    g.execute(c.DeclareAssault(hex="0302", units=["a1"]))
    return g, g.execute(c.ResolveAssault(procedure="S1", values=values if values is not None else BOTH))


def demo_loss(done) -> int:
    return sum(e.amount for e in of(done, a.UnitStrengthReduced) if e.rule == "AS-DEMO.2")


def test_as_demo_2_32_over_8_is_4_with_no_draw(tmp_path):
    # combat values 800/100 = 8 and 100/100 = 1: losses 0.8 and 0.1, rounded by their own draws.
    g, done = resolve(tmp_path, 8, {**BOTH, "defender_round": 999, "attacker_round": 999})
    assert demo_loss(done) == 4
    assert "assault/S1/demo/a1" not in {d.key for d in of(done, DieRolled)}


def test_as_demo_2_32_over_3_is_10_two_thirds_rounded_either_way(tmp_path):
    assert share(3) == Fraction(32, 3) and share(8) == 4
    up = resolve(tmp_path, 3, {**BOTH, "defender_round": 999, "attacker_round": 999, "demo/a1": 666})[1]
    down = resolve(tmp_path, 3, {**BOTH, "defender_round": 999, "attacker_round": 999, "demo/a1": 667})[1]
    assert demo_loss(up) == 11 and demo_loss(down) == 10


def test_as_demo_2_seeded_demolition_losses_are_one_of_the_two_and_verify(tmp_path):
    g, done = resolve(tmp_path, 3, {})
    assert demo_loss(done) in (10, 11)
    assert turnlog.verify_path(g.log.path).ok
