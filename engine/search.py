"""Play in memory for search (an AI's rollouts): copy a state cheaply, decide and apply, no log.

The rules are the same functions the Game runs (``kinds.decide``, ``game.settle``); nothing is
written, nothing is hash-chained, and dice come from a seed the searcher holds or from entered values,
so a rollout can try each face. ``copy_state`` shares what the projections never change in place (the
frozen specs: hexes, hexsides, factions, terrain, weather...) and copies what they do (units, control,
features, procedures), keeping the hex-grid cache, which depends only on the shared hexes and hexsides.
"""
from __future__ import annotations

from typing import Any

import msgspec

from turnlog.projections.state import STATE_TYPES, Attrition, GameState, UnitState

from . import commands as c
from . import dice as D
from . import kinds as K
from .game import as_command, settle
from .hexgrid import grid, share

_replace = msgspec.structs.replace
#: GameState's fields that hold a dict or a list (read off the Struct, so a field added later is covered),
#: less those ``copy_state`` copies a level deeper itself; dicts and lists apart (no type test per copy).
_DEEPER = frozenset({"units", "features", "attritions", "kinds"})
_DICTS = tuple(f.name for f in msgspec.structs.fields(GameState)
               if getattr(f.type, "__origin__", f.type) is dict and f.name not in _DEEPER)
_LISTS = tuple(f.name for f in msgspec.structs.fields(GameState)
               if getattr(f.type, "__origin__", f.type) is list and f.name not in _DEEPER)


def _unit(u: UnitState) -> UnitState:
    # Its only containers, copied even when empty: replace() would share the very list a rule may append to.
    return _replace(u, markers=list(u.markers), ratings=dict(u.ratings))


def _attrition(p: Attrition) -> Attrition:
    return _replace(p, loss_hexes=dict(p.loss_hexes))  # its lists are reassigned whole, never changed in place


def _kind_state(name: str, value: Any) -> Any:
    """A registered kind's own state, deep-copied through its Struct type (they are small)."""
    typ = STATE_TYPES.get(name)
    raw = msgspec.to_builtins(value)
    return msgspec.convert(raw, typ) if typ is not None else raw


def copy_state(state: GameState) -> GameState:
    """A state the caller may change freely; the original is untouched by anything done to the copy.

    Invariant relied on (tests/core/test_search_copy_state.py checks it on random games): projections replace
    frozen specs and reassign Attrition's lists, and change in place only the containers copied here.
    The map's grid is built on ``state`` if it has none yet, and shared: a search copies one position
    many times, and each copy would otherwise build its own.
    """
    if state.hexes:
        grid(state)
    new = _replace(state)
    for name in _DICTS:  # every map and list of the state: a later event may add to any of them
        setattr(new, name, dict(getattr(state, name)))
    for name in _LISTS:
        setattr(new, name, list(getattr(state, name)))
    new.units = {k: _unit(u) for k, u in state.units.items()}
    new.features = {k: list(v) for k, v in state.features.items()}
    new.attritions = {k: _attrition(p) for k, p in state.attritions.items()}
    new.turn = _replace(state.turn, weather=dict(state.turn.weather))
    new.kinds = {k: _kind_state(k, v) for k, v in state.kinds.items()}
    return share(state, new)


class Sandbox:
    """One position to search from: ``play`` commands on it, ``copy`` it to branch; nothing is logged.

    ``seed`` rolls the dice (any 16+ bytes the searcher picks: a rollout's own randomness); a command's
    entered ``value``/``values`` override it, so a search can enumerate the faces.
    """

    def __init__(self, state: GameState, seed: bytes | None = None):
        if seed is not None and not isinstance(seed, bytes):
            # hmac takes bytes only: an int would pass here and fail at the first roll, far from its cause
            raise TypeError(f"seed: bytes (16 or more, e.g. os.urandom(16)), not {type(seed).__name__}")
        if seed is not None and len(seed) < 16:
            raise ValueError(f"seed: 16 bytes or more, not {len(seed)}")
        self.state, self.seed = state, seed

    @classmethod
    def of(cls, game, seed: bytes | None = None) -> "Sandbox":
        """A sandbox at a game's live state (a copy: the game is not touched)."""
        return cls(copy_state(game.state), seed)

    def copy(self) -> "Sandbox":
        return Sandbox(copy_state(self.state), self.seed)

    def legal(self) -> list:
        """What may be issued here, as the Game lists it (kit Choices)."""
        out: list = []
        for kind in K.active(self.state):
            out += kind.legal(self.state)
        return out

    def play(self, command: c.Command | str | dict) -> list:
        """Decide ``command`` and apply its events and their automatic consequences; return the events.

        Refusals raise RuleViolation/CommandError as in a game, and then the state is unchanged.
        """
        command = as_command(command) if not isinstance(command, c.Command) else command
        dice = D.Dice(self.seed, self.state.die, getattr(command, "value", None), named=self.state.dice,
                      values=getattr(command, "values", None), fork=self.state.dice_id)
        events = K.decide(self.state, command, dice)
        dice.unused()
        done = settle(self.state, events)
        self.state.seq += len(done)  # as if logged: a rule that reads the seq (a note's anchor) reads the same
        return [e for e, _auto in done]
