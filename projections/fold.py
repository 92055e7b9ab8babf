"""Replay: fold stored rows into a GameState, one event at a time.

Each row is decoded and applied immediately (holding all decoded events
alive costs far more in garbage collection). Events of undone commands are
skipped; which commands are undone is read up front from the log.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable, get_args

from turnlog.events import codec
from turnlog.events.codec import VERSIONS, decode
from turnlog.events.game import GameEvent
from turnlog.events.setup import SetupEvent

from . import board
from .board import Step
from .state import GameState

#: event type name -> the fold step that applies it: the board's own step per type; a procedure
#: kind's projection for its events, attrition's included (``register``, from engine/kinds.py).
DISPATCH: dict[str, Step] = {
    **{c.__name__: board.handler(c) for c in get_args(SetupEvent)},
    **{c.__name__: board.handler(c) for c in get_args(GameEvent)},
}
Decode = Callable[[str], Any]
#: type name -> (current schema version, fold step, decode of its rows): one lookup per row on
#: replay.
#: A type's entry is made when its first row is folded (its decoder built then: codec.decoder).
_STEPS: dict[str, tuple[int | None, Step, Decode]] = {}


def _unknown(state: GameState, event: object) -> None:
    """The step of a type not folded yet: never run, as its version None matches no row's."""
    raise TypeError(f"no fold step for {type(event).__name__}")


_UNKNOWN: tuple[int | None, Step, Decode] = (None, _unknown, codec.decode_current)


def register(types: tuple[type, ...], step: Step) -> None:
    """Fold a kind's event types with its projection's ``step`` (engine/kinds.py ``register``)."""
    for cls in types:
        DISPATCH[cls.__name__] = step
        _STEPS.pop(cls.__name__, None)


def apply(state: GameState, event) -> None:
    """Apply one event through the projection that owns its type."""
    DISPATCH[type(event).__name__](state, event)


def fold(state: GameState, rows: Iterable[tuple],
         undone: frozenset[int] | set[int] = frozenset()) -> GameState:
    """Fold rows (seq, command_id, type, version, data, automatic) into state, skipping undone commands."""
    last = [state.seq]

    def live():
        for seq, cid, type_, version, data, _auto in rows:
            last[0] = seq
            if not (undone and cid in undone):
                yield type_, version, data
    fold_span(state, live())
    state.seq = last[0]
    return state


def fold_span(state: GameState, rows: Iterable[tuple[str, int, str]]) -> int:
    """Fold (type, version, data) rows of one contiguous, wholly live span; return how many.

    What a replay reads: three columns (reading seq and command id for every row
    cost a third of the replay); the caller cuts the spans around undone commands
    by seq and sets ``state.seq``.
    """
    get, n = _STEPS.get, 0
    for n, (type_, version, data) in enumerate(rows, 1):  # noqa: B007 - n is the count returned
        # One lookup unpacked (a type not folded yet gets _UNKNOWN, whose version no row has): this
        # loop is a replay's whole Python cost per event, against the limit's bare decode and fold.
        current, step, dec = get(type_, _UNKNOWN)
        if current == version:
            step(state, dec(data))
        else:  # decode first: it names an unknown type or version (DISPATCH would only KeyError)
            event = decode(type_, version, data)
            step = DISPATCH[type_]
            step(state, event)
            if version == VERSIONS[type_]:
                _STEPS[type_] = (version, step, codec.decoder(type_))
    return n
