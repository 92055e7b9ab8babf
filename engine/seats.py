"""Seats: in a seated game, who may issue which command, checked before anything is written.

A hot-seat game (GameCreated holds no seats) is never checked: one actor plays every side, as
before. In a seated game each kind's ``who`` names the role that must act now (engine/kind.py
Actor); a kind without it, or one that answers None, leaves the command to the phasing side or the
host. Undo and redo belong to the actor who issued the command (following a redo back to its
original) or to the referee, who alone may override the dice barrier (engine/undo.py applies these
for both). Game calls these checks before deciding; verify calls them again on every logged command,
with the seats of its time. What a seat proves, and what it does not (who typed the name), is
docs/reliability.md's threat model.
"""
from __future__ import annotations

from typing import Callable

import msgspec

from turnlog.events.setup import SeatsSpec
from turnlog.projections.state import GameState

from . import commands as c
from . import claims, turn
from . import kinds as K
from .errors import CommandError, RuleViolation, ScenarioError
from .kind import Actor


def seated(state: GameState) -> bool:
    """True when the game records seats (a hot-seat game has none)."""
    return bool(state.seats.factions)


def who(state: GameState, command) -> Actor:
    """Who must issue ``command`` now, as its kind says; the phasing side or the host by default."""
    # the claimant must be one who may issue the claimed command
    if isinstance(command, c.MakeClaim):
        return who(state, claims.inner(command))
    ask = getattr(K.BY_COMMAND.get(type(command)), "who", None)
    due = ask(state, command) if ask is not None else None
    return due if due is not None else Actor("host", state.turn.active, "seats.host")


def allowed(state: GameState, due: Actor) -> set[str]:
    """The actors who may issue a command due from ``due``."""
    seats = state.seats
    if due.role == "seated":
        return set(seats.factions.values()) | {a for a in (seats.referee, seats.host) if a}
    holder = seats.factions.get(due.faction, "")
    out = {holder} if holder else set()
    if due.role == "host" or not holder:  # the host plays a side no one holds
        out |= {seats.host} if seats.host else set()
    return out


def check(state: GameState, command, actor: str) -> None:
    """Refuse ``command`` from ``actor`` when it is not that actor's to issue (RuleViolation naming the rule)."""
    due = who(state, command)
    if actor in allowed(state, due):
        if claims.on(state):
            claims.check(state, command, actor, turn.reports)
        return
    name = type(claims.inner(command) if isinstance(command, c.MakeClaim) else command).__name__
    raise RuleViolation(due.rule, f"{name} is for {_due(state, due)}; {holds(state, actor)}")


def check_undo(state: GameState, actor: str, target: tuple, issuers: set[str], override: bool,
               referee: str = "", rule: str = "seats.undo") -> None:
    """Only the issuer of ``target`` (a command row) or the referee may take it back; only the referee overrides."""
    ref = state.seats.referee
    if override:
        if not ref:
            raise RuleViolation(rule, "this seated game has no referee, so no one may override the "
                                      "dice barrier")
        if actor != ref or (referee and referee != ref):
            raise RuleViolation(rule, f"only the referee, {ref}, may override the dice barrier; "
                                f"{holds(state, actor)}" + (f", and the override names {referee}" if referee else ""))
        return
    if actor in issuers or (ref and actor == ref):
        return
    by = " or ".join(sorted(issuers)) or "(no actor named)"
    word = "undo" if rule == "seats.undo" else "redo"
    raise RuleViolation(rule, f"command {target[0]} ({target[2]}) was issued by {by}: only {by}"
                        + (f" or the referee, {ref}," if ref else "") + f" may {word} it; {holds(state, actor)}")


def issuers(row: tuple | None, lookup: Callable[[int], tuple | None],
            memo: dict[int, frozenset[str]] | None = None) -> set[str]:
    """The actors behind a command row: its own, and, for a Redo, those of the command it re-issued.

    ``memo`` (command id -> its issuers, kept by the caller for one log: a row never changes) ends
    the walk at a command already answered: each redo of a run of undo/redo cycles re-issues the one
    before, so without it every undo walks back through every cycle.
    """
    walked: list[tuple[int, str]] = []
    seen: set[int] = set()
    tail: frozenset[str] = frozenset()
    looped = False
    while row is not None:
        if row[0] in seen:
            looped = True  # a redo chain that loops (no engine writes one): not remembered
            break
        known = memo.get(row[0]) if memo is not None else None
        if known is not None:
            tail = known
            break
        seen.add(row[0])
        walked.append((row[0], row[1] or ""))
        if row[2] != "Redo":
            break
        row = lookup(msgspec.json.decode(row[3]).get("of", 0))
    out = set(tail)
    for cid, actor in reversed(walked):
        out.add(actor)
        if memo is not None and not looped:
            memo[cid] = frozenset(out)
    return out


def holds(state: GameState, actor: str) -> str:
    """What seat ``actor`` holds, in words: the issuer's half of a refusal."""
    seats = state.seats
    if not actor:
        return "the command names no actor, and so holds no seat"
    held = [f for f, a in seats.factions.items() if a == actor]
    roles = [f"holds the seat of {', '.join(held)}"] if held else []
    roles += [f"is {r}" for r, a in (("the referee", seats.referee), ("the host", seats.host)) if a == actor]
    return f"{actor} " + (" and ".join(roles) if roles else "holds no seat in this game")


def _due(state: GameState, due: Actor) -> str:
    """Who must act, in words: "the defender, WA (seat alice)"."""
    seats = state.seats
    if due.role == "seated":
        return "anyone seated"
    holder = seats.factions.get(due.faction, "")
    host = f"the host, {seats.host}" if seats.host else "the host (this game has none)"
    side = f"{due.faction} (seat {holder})" if holder else f"{due.faction} (no seat: {host})"
    if due.role == "host" and due.rule == "turn.seats":  # the side whose step of the sequence it is
        return side + (f", or {host}" if holder and seats.host else "")
    if due.role == "host":
        return f"the phasing side, {side}" + (f", or {host}" if holder and seats.host else "")
    return f"the {due.role}, {side}"


def seat_of(state: GameState, actor: str) -> str:
    """A short label of ``actor``'s seat for the faces ("AX", "referee", "host"); "" in a hot-seat game."""
    if not seated(state):
        return ""
    seats = state.seats
    parts = [f for f, a in seats.factions.items() if a == actor]
    parts += [r for r, a in (("referee", seats.referee), ("host", seats.host)) if a and a == actor]
    return "+".join(parts) or "no seat"


def verify_row(state: GameState, row: tuple) -> RuleViolation | None:
    """Why the logged command ``row`` could not have been accepted from its actor, or None (verify's check).

    Undo and redo are judged whole by engine/undo.py (verify calls it), not here. A payload that
    does not parse is left to verify's re-execution to name.
    """
    _cid, actor, ctype, payload = row[:4]
    # The setup, a fork's cut (engine/identity.py: written by fork, never played) and undo/redo.
    # (seated(state), inlined: asked of every command verify re-executes)
    if not state.seats.factions or ctype in ("LoadScenario", "ForkGame", "Undo", "Redo"):
        return None
    try:
        command = c.parse(payload)
    except CommandError:
        return None
    try:
        check(state, command, actor)
    except RuleViolation as err:
        return err
    return None


def seat_scenario(scenario, seats):
    """``scenario`` with ``seats`` (a SeatsSpec or a dict of its fields) in place of its own, checked.

    A malformed or unknown seat is refused as ScenarioError naming the field (``seats.factions.XX``).
    """
    if not isinstance(seats, SeatsSpec):
        try:
            seats = msgspec.convert(seats, SeatsSpec)
        except msgspec.ValidationError as err:
            raise ScenarioError(f"seats: {err}") from None
    from .scenario import with_seats  # the scenario parser: only where a game is seated
    return with_seats(scenario, seats)
