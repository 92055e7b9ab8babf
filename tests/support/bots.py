"""Bots, one per seat, that play a game to its end choosing only from ``legal()`` as the actor it names.

Each step asks ``Game.due()`` whom the game waits for, lets one of them act (mostly what is due, now and
then something else it may issue, an undo of its own last command, or a redo), and draws the command
from a choice's options. A refusal is allowed only where the choice's ``note`` states a condition the
options do not show; anything else is the promise of ``legal()`` broken, and fails the run.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from turnlog import Game, RuleViolation
from turnlog.engine.errors import CommandError
from turnlog.engine.turn_machine import state_of

#: Commands a bot leaves alone: notes change nothing, a reveal ends the dice's secrecy.
QUIET = ("AddNote", "RevealSeed")


class Stuck(AssertionError):
    """No seat may act and the game is not over."""


@dataclass
class Run:
    steps: int = 0
    refused: list[str] = field(default_factory=list)
    undos: int = 0
    redos: int = 0
    claims: int = 0
    #: (table state before, command, table state after) of each advance of the turn
    advances: list[tuple[str, str, str]] = field(default_factory=list)


def step(g: Game, rng: random.Random, run: Run, *, extra: float = 0.2, undo: float = 0.03) -> None:
    """One bot move by one of the actors the game waits for."""
    due = g.due()
    if not due.waiting:
        raise Stuck(f"seq {g.state.seq}: {due.line}")
    actor = rng.choice(due.waiting)
    if rng.random() < undo and _undo_redo(g, actor, rng, run):
        return
    choices = [ch for ch in g.legal() if actor in ch.actors and ch.command not in QUIET]
    needed = {i.head for sd in due.seats if sd.actor == actor for i in sd.due}
    mine = [ch for ch in choices if ch.head in needed]
    others = [ch for ch in choices if ch.head not in needed and ch.command not in _HOST]
    pool = others if others and rng.random() < extra else mine
    ch = rng.choice(pool)
    doc = ch.example(rng)
    before = state_of(g.state)
    try:
        got = g.execute(doc, actor=actor)
    except (RuleViolation, CommandError) as err:
        if not ch.note:
            raise AssertionError(f"seq {g.state.seq}: {actor}'s draft {doc} of {ch} was refused "
                                 f"with no note on the choice: {err}") from None
        run.refused.append(f"{ch.command}: {err}")
        return
    run.steps += 1
    claimed = any(type(e).__name__ == "ClaimMade" for _s, e in got)
    run.claims += claimed
    if doc["type"] in ("StartPlayerTurn", "StartPhase", "EndPlayerTurn", "StartGameTurn") and not claimed:
        run.advances.append((before, doc["type"], state_of(g.state)))


#: host facts: a bot lets them be (each would be a claim the other side must answer)
_HOST = ("MoveUnit", "MarkOffensive", "SetControl", "SetSupply", "MarkAirdropped", "PlaceFeature",
         "RemoveFeature", "SetWeather")


def _undo_redo(g: Game, actor: str, rng: random.Random, run: Run) -> bool:
    """Undo the latest command if ``actor`` issued it and no die was rolled, or redo it; True if done."""
    try:
        if rng.random() < 0.5:
            g.undo(actor=actor)
            run.undos += 1
        else:
            g.redo(actor=actor)
            run.redos += 1
    except (RuleViolation, CommandError):
        return False
    return True


def play(g: Game, seed: int, *, limit: int = 3000, **kw) -> Run:
    """Play ``g`` with bots until it is over; Stuck if no one may act, AssertionError past ``limit``."""
    rng, run = random.Random(seed), Run()
    for _ in range(limit):
        if g.state.over:
            return run
        step(g, rng, run, **kw)
    raise AssertionError(f"not over after {limit} steps (seq {g.state.seq}): {g.due().line}")
