"""The rogue harness's undo and redo mutators: rows the live engine's undo and redo never write.

Each takes the Ctx of rogue_mutators.py (a copy of an honest game up to a target command), plays
what must be honest first through ``Game.execute``, then appends the rogue Undo or Redo through the
log's own append (signed by the named actor's own key in a signed game).
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec
from turnlog.engine import commands as c
from turnlog.engine.errors import RuleViolation
from turnlog.events.game import CommandUndone, NoteAdded

from . import rogue_games as RG
from .rogue_mutators import Ctx, Rogue, row


def _played_and_undone(x: Ctx) -> int | None:
    """Play the target and undo it honestly; its command id, or None where that cannot be done."""
    if _rolled(x):
        return None
    actor = x.actor  # the target's issuer, chosen on the board before it (it may change the turn)
    cid, _ = x.play()
    if x.g.undo_target() is None:
        return None
    _honest_undo(x, actor)
    return cid


def _honest_undo(x: Ctx, actor: str) -> None:
    """Undo the target honestly: by its issuer, or by the referee's override once it made a roll due."""
    try:
        x.g.execute(c.Undo(), actor=actor)
    except RuleViolation as err:
        if err.rule != "undo.roll-due":
            raise
        x.g.execute(c.Undo(override=True, referee=RG.REFEREE, reason="a misplay"), actor=RG.REFEREE)


def redo_embedded(x: Ctx) -> Rogue:
    """A Redo whose ``of`` is the writer's own note, carrying the target from a seat not its own."""
    who = RG.outsider(x.g.state, x.target.command) or x.actor
    x.g.execute(c.AddNote(text="a note to redo"), actor=RG.HOST if who != RG.HOST else who)
    note = RG.last_command(x.g)[0]
    payload = {"type": "Redo", "of": note, "command": msgspec.json.decode(x.payload())}
    first = x.write(x.honest(), "Redo", payload, who)
    return Rogue(first, first, f"Redo of note {note} embedding {x.target.ctype}, issued by {who}")


def redo_other_command(x: Ctx) -> Rogue | None:
    """The target undone honestly, then a Redo of it carrying another command (a note) instead."""
    cid = _played_and_undone(x)
    if cid is None:
        return None
    actor = x.actor
    note = c.AddNote(text="not the command undone")
    payload = {"type": "Redo", "of": cid, "command": msgspec.json.decode(c.encode(note))}
    first = x.write(RG.honest_rows(x.g, note), "Redo", payload, actor)
    return Rogue(
        first, first, f"Redo of {x.target.ctype} (command {cid}) carrying an AddNote instead"
    )


def redo_without_of(x: Ctx) -> Rogue:
    who = RG.outsider(x.g.state, x.target.command) or x.actor
    payload = {"type": "Redo", "command": msgspec.json.decode(x.payload())}
    first = x.write(x.honest(), "Redo", payload, who)
    return Rogue(first, first, f"Redo with no `of` embedding {x.target.ctype}, issued by {who}")


def _rolled(x: Ctx) -> bool:
    return any(r[0] == "DieRolled" for r in x.honest())


def _undo(x: Ctx, events: list, payload: dict | None = None, actor: str | None = None) -> int:
    return x.write([row(e) for e in events], "Undo", payload or {"type": "Undo"}, actor or x.actor)


def undo_self_override(x: Ctx) -> Rogue | None:
    """The roller takes back her own roll, override and referee (herself) only in the event."""
    if not _rolled(x):
        return None
    actor = x.actor
    cid, _ = x.play()
    first = _undo(x, [CommandUndone(command_id=cid, override=True, referee=actor)], actor=actor)
    return Rogue(
        first,
        first,
        f"{actor} undoes her own {x.target.ctype} roll, override naming herself in the event only",
    )


def undo_override_event_only(x: Ctx) -> Rogue | None:
    """The roller takes back her roll; the event names the game's referee, the payload none."""
    if not _rolled(x):
        return None
    actor = x.actor
    cid, _ = x.play()
    first = _undo(
        x, [CommandUndone(command_id=cid, override=True, referee=RG.REFEREE)], actor=actor
    )
    return Rogue(
        first,
        first,
        f"{actor} undoes her {x.target.ctype} roll; the event (not the payload) names "
        "the referee's override",
    )


def undo_twice(x: Ctx) -> Rogue | None:
    cid = _played_and_undone(x)
    if cid is None:
        return None
    actor = x.actor
    first = _undo(x, [CommandUndone(command_id=cid)], actor=actor)
    return Rogue(first, first, f"{x.target.ctype} (command {cid}) undone a second time")


def undo_two_commands(x: Ctx) -> Rogue | None:
    """One undo row taking back the target and the command before it: its first event is the one
    the live undo writes, so the first row no undo writes is the second."""
    if _rolled(x):
        return None
    actor = x.actor
    cid, _ = x.play()
    first = _undo(
        x, [CommandUndone(command_id=cid), CommandUndone(command_id=cid - 1)], actor=actor
    )
    return Rogue(
        first,
        first + 1,
        f"one Undo taking back {x.target.ctype} (command {cid}) and command {cid - 1}",
    )


def undo_older(x: Ctx) -> Rogue | None:
    """An undo of the command before the target while the target stays in effect."""
    older = [
        r for r in x.g.log.commands() if r[2] not in ("LoadScenario", "AddNote", "Undo", "Redo")
    ]
    if not older:
        return None
    old = older[-1]
    x.play()
    first = _undo(x, [CommandUndone(command_id=old[0])], actor=old[1] or x.actor)
    return Rogue(
        first, first, f"Undo of the older command {old[0]} ({old[2]}) while {x.target.ctype} stays"
    )


def undo_setup(x: Ctx) -> Rogue:
    first = _undo(x, [CommandUndone(command_id=1)], actor=RG.HOST)
    return Rogue(first, first, "Undo of the setup (LoadScenario, command 1)")


def undo_undo(x: Ctx) -> Rogue | None:
    if _rolled(x):
        return None
    actor = x.actor
    x.play()
    if x.g.undo_target() is None:
        return None
    _honest_undo(x, actor)
    undo = RG.last_command(x.g)[0]
    first = _undo(x, [CommandUndone(command_id=undo)], actor=actor)
    return Rogue(first, first, f"Undo of the Undo (command {undo}) that took back {x.target.ctype}")


def undo_note(x: Ctx) -> Rogue:
    x.g.execute(c.AddNote(text="a note"), actor=RG.HOST)
    note = RG.last_command(x.g)[0]
    first = _undo(x, [CommandUndone(command_id=note)], actor=RG.HOST)
    return Rogue(first, first, f"Undo of a note (command {note})")


def undo_not_undone(x: Ctx) -> Rogue:
    first = _undo(x, [NoteAdded(text="an undo with no CommandUndone")], actor=RG.HOST)
    return Rogue(first, first, "Undo whose event is a NoteAdded, not a CommandUndone")


#: Undo and redo mutators tried on every target (each returns None where it does not apply).
PER_TARGET: dict[str, Callable[[Ctx], Rogue | None]] = {
    "redo_embedded": redo_embedded,
    "redo_without_of": redo_without_of,
    "redo_other_command": redo_other_command,
    "undo_self_override": undo_self_override,
    "undo_override_event_only": undo_override_event_only,
    "undo_twice": undo_twice,
    "undo_two_commands": undo_two_commands,
    "undo_older": undo_older,
}
#: Mutators tried once per game (the first target of each scenario).
PER_GAME: dict[str, Callable[[Ctx], Rogue | None]] = {
    "undo_setup": undo_setup,
    "undo_undo": undo_undo,
    "undo_note": undo_note,
    "undo_not_undone": undo_not_undone,
}
