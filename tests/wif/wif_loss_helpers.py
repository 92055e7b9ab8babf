"""Positions for the WiF land-combat results tests (11.16.5-R2 to K2c). INVENTED units, build costs and map.

A combat is given as the state the table and the dice left (the LandCombat of projections/wif.py, built
here directly: its cell's numeric parts, chooser, table and host facts), on a board folded from a
scenario. ``take``/``designate``/``build`` run the pure deciders of engine/wif/results.py and fold what
they return, so each test reads: given this combat, when this command, then these events.
"""
from __future__ import annotations

import random
from fractions import Fraction

import msgspec

from turnlog import commands as c
from turnlog.engine import scenario as S
from turnlog.engine.wif import r3_casualties as r3, r4_first_loss as r4, results
from turnlog.events.game import PhaseStarted
from turnlog.projections import board, wif_losses
from turnlog.projections.state import GameState
from turnlog.projections.wif import LandCombat, LandCombats

from helpers import hexes, scenario

#: INVENTED build costs (no real WiF chart): the values the EX-K example implies, labelled as invented.
COSTS = [{"unit_class": "MECH", "bp": 5, "turns": 3}, {"unit_class": "INF", "bp": 3, "turns": 1},
         {"unit_class": "MIL", "bp": 1, "turns": 1}, {"unit_class": "ARM", "bp": 6, "turns": 4}]


def u(uid: str, cls: str, size: str = "corps", *, hex_: str = "0101", white: bool = False, **kw) -> dict:
    """A WiF land unit: GE (AX, attacking) for ids starting with 'a', else US (WA, defending)."""
    nat = "GE" if uid.startswith("a") else "US"
    return {"id": uid, "nationality": nat, "hex": hex_ if uid.startswith("a") else "0102", "factors": 4,
            "unit_class": cls, "size": size, **({"markers": ["white_print"]} if white else {}), **kw}


def board_of(units: list[dict], *, pools=(), phase: str = "combat", active: str = "AX") -> GameState:
    sc = scenario(hexes("0101:AX 0102:WA 0103:WA"), units, active=active, pools=list(pools),
                  rules={"wif": {"build_costs": COSTS}})
    sc = msgspec.structs.replace(sc, turn=msgspec.structs.replace(sc.turn, phase=phase))
    state = GameState()
    for e in S.setup_events(sc, "0" * 64):
        board.apply(state, e)
    return state


def position(units: list[dict], *, att_loss: str = "", def_loss: str = "", flags=(), pools=(), **facts):
    """The board and combat L1 (AX attacks WA in 0102) after its result: every attacker 'a*', defender 'd*'."""
    state = board_of(units, pools=pools)
    ids = [x["id"] for x in units]
    combat = LandCombat(id="L1", hex="0102", attacker="AX", defender="WA", turn=1, phase="losses",
                        attackers=[i for i in ids if i.startswith("a")],
                        defenders=[i for i in ids if i.startswith("d")],
                        att_loss=att_loss, def_loss=def_loss, flags=list(flags), **facts)
    state.kinds["wif"] = LandCombats(procedures={"L1": combat})
    return state, combat


def fold(state: GameState, events: list) -> None:
    for e in events:
        if isinstance(e, wif_losses.w.WifLossEvent.__args__):
            wif_losses.fold(state, e)
        else:
            board.apply(state, e)


def take(state: GameState, side: str, units: list[str]) -> list:
    combat = state.kinds["wif"].procedures["L1"]
    out = results.on_take(state, combat, c.TakeLandCombatLosses(procedure="L1", side=side, units=units))
    fold(state, out)
    return out


def designate(state: GameState, kind: str) -> list:
    combat = state.kinds["wif"].procedures["L1"]
    out = results.on_designate(state, combat, c.DesignateFirstLossType(procedure="L1", kind=kind))
    fold(state, out)
    return out


def production(state: GameState, faction: str = "AX", turn: int = 2) -> list:
    """The next turn's production phase of ``faction`` starts: the K2a reaction's events, folded."""
    state.turn.turn, state.turn.active, state.turn.phase = turn, faction, "production"
    out = results.on_phase_started(state, PhaseStarted(phase="production"))
    fold(state, out)
    return out


def build(state: GameState, credit: str, cls: str) -> list:
    out = results.on_build(state, c.BuildWithKampfgruppe(credit=credit, unit_class=cls))
    fold(state, out)
    return out


def named(events: list, cls: type) -> list:
    return [e for e in events if isinstance(e, cls)]


def loss_list(g, combat_, side: str, rnd: random.Random) -> list[str]:
    """A list the rules accept: a random order, the constraint's unit first, cut where the points are paid."""
    state = g.state
    alive = [x for x in r3.side_units(combat_, side) if not state.units[x].eliminated]
    rnd.shuffle(alive)
    if side == "attacker":
        need = r4.required(state, combat_)
        if need is not None:
            first = rnd.choice(need[1])
            alive = [first] + [x for x in alive if x != first]
    most, paid, out = r3.most_needed(state, combat_, side), Fraction(0), []
    for x in alive:
        if paid >= most:
            break
        out.append(x)
        paid += r3.points(state.units[x])
    return out


def play(g, rnd: random.Random) -> None:
    """Play L1's results to its end with what legal() offers (a random type named; random valid loss lists)."""
    for _ in range(6):
        l1 = g.state.kinds["wif"].procedures["L1"]
        if l1.phase == "done":
            return
        offered = [ch for ch in g.legal() if ch.fixed.get("procedure") == "L1"]
        assert offered, l1.phase
        ch = rnd.choice(offered)
        if ch.command == "DesignateFirstLossType":
            g.execute(c.DesignateFirstLossType(procedure="L1", kind=rnd.choice(ch.options[0].values)))
        elif ch.command == "TakeLandCombatLosses":
            side = ch.fixed["side"]
            g.execute(c.TakeLandCombatLosses(procedure="L1", side=side, units=loss_list(g, l1, side, rnd)))
        else:
            raise AssertionError(f"unexpected choice {ch}")
    raise AssertionError("the combat did not end")
