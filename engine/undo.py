"""The rules of undo and redo, one copy: the live game (engine/game.py) and verify both judge by
these.

What may be undone is the latest command still in effect, skipping undos, notes and undone commands,
and never past the setup or a revealed seed; one undo takes back exactly one command. A redo
re-issues the command the latest pending undo took back, nothing else. A roll is a barrier that only
a named referee's override passes (in a seated game, the game's referee alone); the undo's event is
derived from its command, never written freely. docs/reliability.md section 9 says what verify
proves with them.
"""

from __future__ import annotations

from typing import Callable, Container, Iterable

import msgspec

from turnlog.events.game import CommandUndone

from . import claims as CL
from . import commands as c
from . import seats as S
from .errors import RuleViolation

SKIPPED = ("Undo", "AddNote", "LoadScenario", "ForkGame")  # never undone themselves: undo looks past them
WALLS = ("RevealSeed", "LoadScenario")  # undo never reaches back past these


def undo_target(newest_first: Iterable[tuple], undone: Container[int]) -> tuple | None:
    """The command row an undo takes back now: the latest still in effect, or None.

    ``newest_first``: the log's command rows, newest first; ``undone``: the ids undone so far.
    """
    for row in newest_first:
        cid, ctype = row[0], row[2]
        if ctype in WALLS:
            return None
        if ctype in SKIPPED or cid in undone:
            continue
        return row
    return None


def redo_target(
    newest_first: Iterable[tuple],
    undid: Callable[[tuple], int | None],
    lookup: Callable[[int], tuple | None],
) -> tuple | None:
    """The command row a redo re-issues now: the one the latest undo not yet redone took back, or
    None.

    Only notes may come between (any other command ends what can be redone); ``undid(undo row)`` is
    the id that undo took back, ``lookup(id)`` its row.
    """
    pending = 0
    for row in newest_first:
        ctype = row[2]
        if ctype == "Undo":
            if pending:
                pending -= 1
                continue
            cid = undid(row)
            return None if cid is None else lookup(cid)
        if ctype == "Redo":
            pending += 1
        elif ctype != "AddNote":
            return None
    return None


def decide_undo(
    state, target: tuple | None, issuers: set[str], roll: str, command: c.Undo, actor: str
) -> CommandUndone:
    """The event an undo of ``target`` (a command row, None: nothing to undo) writes, or
    RuleViolation.

    ``issuers``: who issued the target (S.issuers); ``roll``: the first die it rolled, in words (""
    if none).
    """
    if target is None:
        raise RuleViolation("undo", "nothing to undo")
    cid, ctype = target[0], target[2]
    override, referee = command.override, command.referee
    if S.seated(state):
        S.check_undo(state, actor, target, issuers, override, referee)
    due = CL.barrier(state, target, override)  # a fair-play game: the roll it made due commits it
    if due:
        raise RuleViolation("undo.roll-due", due)
    if roll and not override:
        raise RuleViolation(
            "undo.dice-barrier",
            f"command {cid} ({ctype}) rolled a die ({roll}); "
            "a roll cannot be taken back without a referee override",
        )
    if override and not referee:
        raise RuleViolation("undo.dice-barrier", "a referee override must name the referee")
    ref = state.seats.referee
    if override and ref and referee != ref:
        raise RuleViolation(
            "undo.dice-barrier", f"the override names {referee}, but this game's referee is {ref}"
        )
    return CommandUndone(command_id=cid, override=override, referee=referee, reason=command.reason)


def check_redo(state, actor: str, target: tuple, issuers: set[str]) -> None:
    """Refuse a redo of ``target`` from ``actor`` in a seated game unless issuer or referee."""
    if S.seated(state):
        S.check_undo(state, actor, target, issuers, False, rule="seats.redo")


def reissued(target: tuple) -> str:
    """The command a redo of ``target`` re-issues, as JSON (a redo's own embedded command,
    followed)."""
    if target[2] == "Redo":
        return msgspec.json.encode(msgspec.json.decode(target[3])["command"]).decode()
    return target[3]


def redo_payload(target: tuple) -> str:
    """The payload a redo of ``target`` is logged with: its id and the command it re-issues."""
    return msgspec.json.encode(
        {"type": "Redo", "of": target[0], "command": msgspec.json.decode(reissued(target))}
    ).decode()
