"""What the faces ask every kind the game uses, beyond its view: each answer from the kind's own hook.

A kind may answer (every hook optional; a kind without one adds nothing, or the generic line):
``may_begin(state, mine) -> list[str]`` the `show` lines of what may begin now, from its own legal
Choices ``mine`` (without it: one line listing its opening choices); ``unit_facts(state, unit_id) ->
list[str]`` what the REPL's ``unit`` adds after the unit's faction; ``legend_samples`` (style, text)
pairs the SVG legend draws; ``odds(state, procedure[, actual])`` the REPL's ``odds`` and the table's
odds before a roll; ``machine`` the REPL's ``diagram``. No face names a kind: a plugin is asked the same as attrition.
"""
from __future__ import annotations

from typing import Any

from turnlog.projections.state import GameState

from .. import kinds
from ..kit.choices import Choice


def may_begin(state: GameState, choices: list) -> list[str]:
    """Each used kind's lines of what may begin now, in legal order, from the Choices it offered."""
    out: list[str] = []
    for kind in kinds.legal_order(state):
        if kind.name == "turn":
            continue
        names = {c.__name__ for c in kind.commands}
        mine = [x for x in choices if isinstance(x, Choice) and x.command in names]
        hook = getattr(kind, "may_begin", None)
        if hook is not None:
            out += hook(state, mine)
            continue
        openers = [x for x in mine if not x.fixed.get("procedure")]
        if openers:
            by = ", ".join(sorted({x.faction for x in openers if x.faction})) or state.turn.active
            out.append(f"  {by} may begin {kind.name}: {'; '.join(x.head for x in openers)}")
    return out


def moves_first(state: GameState, choices: list) -> list:
    """``choices`` (legal()'s, in the registry's order) with the turn's host facts and advances after every
    kind's moves, as every face lists them (kinds.legal_order)."""
    turn = {c.__name__ for k in kinds.active(state) if k.name == "turn" for c in k.commands}
    return [x for x in choices if x.command not in turn] + [x for x in choices if x.command in turn]


def unit_facts(state: GameState, uid: str) -> list[str]:
    """What the used kinds say of unit ``uid`` beyond its counter (attrition: CTL, winter preparation)."""
    out: list[str] = []
    for kind in kinds.active(state):
        hook = getattr(kind, "unit_facts", None)
        if hook is not None:
            out += hook(state, uid)
    return out


def legend_samples(state: GameState) -> list[tuple[str, str]]:
    """The (style, text) overlay samples the used kinds add to the SVG legend."""
    return [pair for kind in kinds.active(state) for pair in getattr(kind, "legend_samples", ())]


def owner(state: GameState, pid: str):
    """The used kind whose instances hold procedure ``pid``, or None."""
    return next((k for k in kinds.active(state) if pid and hasattr(k, "instances") and pid in k.instances(state)),
                None)


def procedures(state: GameState, want: str = "") -> list[tuple[str, Any]]:
    """(procedure id, kind) of every used kind's instances, each kind's in id order; ``want`` names a hook
    the kind must have (``odds``, ``machine``)."""
    out: list[tuple[str, Any]] = []
    for kind in kinds.active(state):
        if hasattr(kind, "instances") and (not want or hasattr(kind, want)):
            out += [(pid, kind) for pid in sorted(kind.instances(state), key=lambda k: (len(k), k))]
    return out


def odds_before_rolls(game) -> list[tuple[str, list[str]]]:
    """(procedure, its kind's odds lines) of each open procedure whose kind gives odds and whose die is
    still to roll: a procedure with a roll by a command not undone has faced its odds already."""
    st = game.state
    undone = game.undone()
    rolled = {ev.procedure for _seq, cid, ev in game.events_of("DieRolled") if cid not in undone}
    out: list[tuple[str, list[str]]] = []
    for pid, kind in procedures(st, "odds"):
        machine = getattr(kind, "machine", None)
        if pid in rolled or (machine is not None and kind.instances(st)[pid].phase in machine.final):
            continue
        out.append((pid, list(kind.odds(st, pid))))
    return out
