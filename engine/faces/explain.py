"""What the REPL's `why` and `legal` say: the rules behind an event, what may be issued now.

Kept apart from the shell so a host program can print the same explanations. The rules behind a
kind's own event are the kind's ``why`` hook (engine/<system>/why.py); a roll's odds its ``odds``.
"""
from __future__ import annotations

import inspect
from typing import Callable

import msgspec

from turnlog.events import game as g
from turnlog.projections import narrative
from turnlog.projections.state import GameState

from .. import kinds
from ..kit.choices import Choice

def explain(game, state_at: Callable[[int], GameState], seq: int, cid: int, ev,
            auto: bool) -> list[str]:
    """Lines naming the rules behind one logged event; ``state_at(seq)`` gives the board after a seq."""
    cmdrow = game.log.command(cid)
    out = [f"seq {seq}: {narrative.line(ev)}",
           f"  written by command c{cid} {cmdrow[2]} {command_args(cmdrow[3])}"
           + (" as an automatic consequence" if auto else "")
           + (" — later undone" if cid in game.undone() else "")]
    prev = state_at(seq - 1) if seq > 1 else GameState()
    match ev:
        case g.DieRolled():
            if ev.entered:
                out.append("  entered by hand (a physical die); verify lists it as such")
            elif ev.shares:
                from .. import joint
                out.append(joint.explain(ev, prev))
            else:
                seed = bytes.fromhex(prev.seed) if prev.seed else game.seed or _revealed(game)
                from .. import dice
                if seed is not None and dice.commitment(seed) == prev.seed_sha256:
                    spec = dice.spec_of(prev.die, prev.dice, ev)
                    own = dice.keyed(seed, prev.dice_id)  # a fork with dice of its own
                    ok = spec is not None and dice.again(own, ev, spec) == (ev.value, ev.faces)
                    out.append(f"  derived from the committed seed and the key '{ev.key}': "
                               + ("re-derived, it matches" if ok else "re-derived, it DOES NOT match"))
                else:
                    out.append(f"  derived from the committed seed and the key '{ev.key}' "
                               "(checkable once revealed)")
        case g.CommandUndone():
            target = game.log.command(ev.command_id)
            out.append(f"  undoes c{ev.command_id} {target[2] if target else '?'}"
                       + (f" by referee override ({ev.referee}): a die roll is an undo barrier" if ev.override else ""))
        case _:
            kind = _kind_of(ev)
            told = kind.why(prev, ev, **_roll_of(game, cmdrow, seq, kind)) if kind is not None else None
            # a board event (a retreat) of a procedure: its kind adds to it
            if told is None and kind is None:
                owner = _owner_of(prev, ev)
                more = owner.why(prev, ev, **_roll_of(game, cmdrow, seq, owner)) if owner is not None else None
                told = _plain(ev) + more if more else None
            out += _plain(ev) if told is None else told
    return out


def _revealed(game) -> bytes | None:
    """The seed revealed later in the log (its live board has it): a roll before it is checked."""
    state = getattr(game, "state", None)
    return bytes.fromhex(state.seed) if state is not None and state.seed else None


def _roll_of(game, cmdrow, seq: int, kind) -> dict:
    """``rolled=`` the die the event's command rolled before it, for a kind whose ``why`` reads it; else {}."""
    if "rolled" not in inspect.signature(kind.why).parameters:
        return {}
    return {"rolled": next((e for _s, _c, e, _a in game.rows(cmdrow[5], seq) if isinstance(e, g.DieRolled)), None)}


def _plain(ev) -> list[str]:
    """The rule an event names itself, with its reason and retreat evils; or that no rule judged it."""
    rule = getattr(ev, "rule", "")
    if not rule:
        return ["  a fact from the scenario or the host; no rule judged it"]
    out = [f"  rule {rule}" + (f": {ev.reason}" if getattr(ev, "reason", "") else "")
           + (f" (procedure {ev.procedure})" if getattr(ev, "procedure", "") else "")]
    return out + [f"  retreat evil: {e}" for e in getattr(ev, "evils", [])]


def legal_choices(state: GameState) -> list[Choice | str]:
    """Every active kind's legal choices, the turn's host facts last; a line saying why where a kind cannot
    list them now."""
    out: list[Choice | str] = []
    for kind in kinds.legal_order(state):
        try:
            out += kind.legal(state)
        except Exception as err:  # noqa: BLE001 — e.g. a procedure caught mid-command (phase 'count')
            out.append(f"({kind.name}: cannot list here: {type(err).__name__} {err})".replace(" )", ")"))
    return out


def _kind_of(ev):
    """The registered kind that owns ``ev``'s type and explains it (a ``why(state, event)``), or None."""
    return next((k for k in kinds.KINDS if type(ev) in getattr(k, "events", ()) and hasattr(k, "why")), None)


def _owner_of(state: GameState, ev):
    """The kind whose procedure ``ev`` names (a UnitRetreated of A1: attrition), if it explains events."""
    pid = getattr(ev, "procedure", "")
    return next((k for k in kinds.active(state) if pid and hasattr(k, "why")
                 and hasattr(k, "instances")
                 and pid in k.instances(state)), None)


def event_procedure(row) -> str:
    """The procedure instance a logged event row belongs to, or ''."""
    return getattr(row[2], "procedure", "") if row else ""


def command_args(p: str) -> str:
    """A command's JSON payload without its type: its arguments as a reader wants them."""
    try:
        d = msgspec.json.decode(p)
    except msgspec.DecodeError:
        return p
    d.pop("type", None)
    return msgspec.json.encode(d).decode() if d else "{}"
