"""Seated positions for the seat tests: alice holds AX, bob WA; carol referees, hq hosts.

The board is tests/attrition/test_14_71_simultaneous_retreats.py's: it-1 (0404, 9) and it-2 (0403, 3) attrition
0503/0504; the entered die 8 gives 3C/2H, so every phase of 14.11 is reached. RU is seated by no one.
"""
from __future__ import annotations

import pytest

from turnlog.engine.commands import (BeginAttrition, Retreat, RetreatUnits, RollAttritionDie, SelectOccupation,
                                     TakeAttritionLosses)
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.events.attrition import Selection

from helpers import SEED, hexes, new_game, scenario, unit

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol", "host": "hq", "claims": {"die": "any", "host-fact": "any", "report": "any"}}
BOARD = ("0403:AX 0404:AX 0502:WA 0503:WA 0504:WA 0505:WA 0506:WA 0602:WA 0603:WA 0604:WA 0605:WA 0606:WA "
         "0702:WA 0703:WA 0704:WA 0705:WA 0706:WA")
UNITS = [unit("it-1", "IT", "0404", 9), unit("it-2", "IT", "0403", 3), unit("us-x", "US", "0504"),
         unit("us-y", "US", "0504", 2), unit("us-z", "US", "0504"), unit("us-2", "US", "0503"),
         unit("us-r1", "US", "0702"), unit("us-r2", "US", "0706")]


#: The same seats under fair play's default claims (engine/claims.py DEFAULTS): the fair-play tests'.
FAIR_SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol", "host": "hq"}


def fair(tmp_path, **seats) -> Game:
    """The seat board under FAIR_SEATS, any of its keys replaced by ``seats``."""
    return new_game(tmp_path, scenario(hexes(BOARD), UNITS), seats={**FAIR_SEATS, **seats})


def seated(tmp_path, seats=SEATS, **kw) -> Game:
    return new_game(tmp_path, scenario(hexes(BOARD), UNITS, **kw), seats=seats)


def zone(g: Game) -> str:
    return next(z.id for z in g.state.zones.values() if "0504" in z.hexes)


def steps(g: Game) -> list[tuple[str, object]]:
    """(the seat that issues it, the command) for every step of the attrition, in order."""
    return [("alice", BeginAttrition(attacker="AX", zone=zone(g))),
            ("alice", RollAttritionDie(procedure="A1", value=8)),
            ("bob", TakeAttritionLosses(procedure="A1", units=["us-y", "us-r1", "us-r2"])),
            ("alice", SelectOccupation(procedure="A1", selections=[Selection(hex="0504", units=["it-1"]),
                                                                   Selection(hex="0503", units=["it-2"])])),
            ("bob", RetreatUnits(procedure="A1", retreats=[Retreat(unit="us-x", to="0604"),
                                                           Retreat(unit="us-z", to="0604"),
                                                           Retreat(unit="us-2", to="0603")]))]


def play(g: Game, upto: int) -> None:
    """Play the first ``upto`` steps, each from its own seat."""
    for actor, cmd in steps(g)[:upto]:
        g.execute(cmd, actor=actor)


def refused_from(g: Game, cmd, actor: str, rule: str) -> RuleViolation:
    """``cmd`` from ``actor`` is refused by ``rule`` with nothing written and the live state the log's."""
    last, commands = g.log.last(), len(g.log.commands())
    with pytest.raises(RuleViolation) as err:
        g.execute(cmd, actor=actor)
    assert err.value.rule == rule, err.value
    assert g.log.last() == last and len(g.log.commands()) == commands
    assert g.state == g.at()
    return err.value


__all__ = ["SEATS", "SEED", "play", "refused_from", "seated", "steps", "zone"]
