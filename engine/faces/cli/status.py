"""`turnlog status` and the "whose move" lines under `turnlog show`: the engine's one answer (engine/due.py).

Every face says whose move it is the same way: the sentence of each seat ("Your move: ..." / "Waiting
for bob (WA) to ..."), then, for the seat asked about, what is due from it and what else it may issue,
each with its rule. A spectator's line names who is waited for.
"""
from __future__ import annotations

import sys

import msgspec

from turnlog.projections.state import GameState

from ... import due as DUE
from .. import terminal as T
from .play import printable_text


def due_lines(state: GameState, answer: DUE.Due | None = None) -> list[str]:
    """The "whose move" lines of ``state``: the spectator's sentence, then one per seat."""
    d = answer or DUE.at(state)
    out = [f"  whose move: {d.line}"]
    out += [f"    {DUE.label(state, s.actor)}: {s.line}" for s in d.seats]
    return out


def seat_lines(state: GameState, d: DUE.Due, actor: str) -> list[str]:
    """One seat's sentence, then what is due from it and what else it may issue, each with its rule."""
    mine = next((s for s in d.seats if s.actor == actor), None)
    if mine is None:
        return [f"{actor} holds no seat in this game. {d.line}"]
    out = [mine.line]
    out += [f"  due:  {i.head}" + (f"  ({i.rule})" if i.rule else "") + ("  [a claim]" if i.claim else "")
            for i in mine.due]
    out += [f"  may:  {i.head}" + (f"  ({i.rule})" if i.rule else "") + ("  [a claim]" if i.claim else "")
            for i in mine.may]
    return out


def cmd_status(args, game) -> int:
    """Print whose move it is; with --actor, that seat's part; --json, the whole answer."""
    d = game.due()
    if args.json:
        sys.stdout.write(T.json_text(msgspec.json.encode(d)) + "\n")
        return 0
    state = game.state
    if state.over:
        print(printable_text(d.line))
        return 0
    lines = seat_lines(state, d, args.actor) if args.actor else [d.line] + [
        f"  {DUE.label(state, s.actor)}: {s.line}" for s in d.seats]
    print(printable_text("\n".join(lines)))
    return 0
