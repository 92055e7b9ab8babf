"""The registry of procedure kinds: the turn sequence, attrition, and any kind a program plugs in.

``register(kind)`` is the one way in. A kind brings its commands, and, when it is not built in, its
event types, the projection step that folds them, the Struct type of its own state (kept in
``GameState.kinds[kind.name]``) and a sentence per event for the narrative. Registering teaches the
command parser, the event codec, the fold, snapshots and the narrative about it, so the log, the Game
facade, undo, verify and the CLI need no change for a new combat system (docs/design.md "Plugging in
a procedure kind"). The turn sequence and attrition keep their events in the codec's static union (the
bytes of every log written before the registry); rule 9's attack designation, the first system built
on the kit, and the Panzer Campaigns assault register their events here like any plugged-in kind.

The CLI also loads kinds installed as entry points of the group ``turnlog.kinds`` (``load_plugins``).
"""
from __future__ import annotations

import inspect
from typing import Any, Callable

from turnlog.events import codec
from turnlog.events.base import Event
from turnlog.projections import fold, narrative
from turnlog.projections import state as st

from . import commands as c
from . import turn
from .assault import procedure as assault
from .attrition import procedure as attrition
from .designation import procedure as designation
from .wif import procedure as wif
from .errors import CommandError, RuleViolation
from .kit.board import still
from .procedure import ProcedureKind

#: The kinds in the order their ``react`` sees each event and their ``legal`` lists choices.
KINDS: list[ProcedureKind] = []
#: command type -> the kind that decides it.
BY_COMMAND: dict[type, ProcedureKind] = {}

ENTRY_POINT_GROUP = "turnlog.kinds"


def register(kind: ProcedureKind) -> ProcedureKind:
    """Plug ``kind`` in; registering the same kind again changes nothing; returns it.

    Refused (ValueError naming the clash) before anything is changed: a kind name, a command name or an
    event tag another kind already owns. Optional attributes of ``kind``: ``events`` (its event
    Structs), ``apply(state, event)`` (required with ``events``), ``state_type`` (its entry in
    ``GameState.kinds``), ``narrate(event) -> str`` and ``machine`` (engine/kit/machine.py, drawn by
    ``turnlog diagram --kind``).
    """
    if kind in KINDS:
        return kind
    name = getattr(kind, "name", "")
    if not name or not isinstance(name, str):
        raise ValueError(f"{kind!r}: a procedure kind needs a name")
    for other in KINDS:
        if other.name == name:
            raise ValueError(f"procedure kind {name!r} is already registered ({type(other).__module__})")
    for cmd in kind.commands:
        if cmd in BY_COMMAND or cmd.__name__ in {k.__name__ for k in BY_COMMAND}:
            raise ValueError(f"command {cmd.__name__} is already decided by another kind")
    events: tuple = tuple(getattr(kind, "events", ()))
    apply: Callable[[Any, object], None] | None = getattr(kind, "apply", None)
    if events and apply is None:
        raise ValueError(f"procedure kind {name!r} has events but no apply(state, event) to fold them")
    for cls in events:
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise ValueError(f"{cls!r} is not an Event Struct (events/base.py)")
        if cls.__name__ in codec.TYPES and codec.TYPES[cls.__name__] is not cls:
            raise ValueError(f"event tag {cls.__name__!r} is already taken")
        if any(p.kind is not p.KEYWORD_ONLY for p in inspect.signature(cls).parameters.values()):
            raise ValueError(f"event {cls.__name__}: declare it with kw_only=True (events/base.py: every field "
                             "keyword-only, so a field added later with a default cannot shift the others)")
    c.register(tuple(kind.commands))
    if events:
        codec.register(events)
        fold.register(events, apply)
        narrate = getattr(kind, "narrate", None)
        if narrate is not None:
            for cls in events:
                narrative.NARRATORS[cls.__name__] = narrate
    state_type = getattr(kind, "state_type", None)
    if state_type is not None:
        st.STATE_TYPES[name] = state_type
    KINDS.append(kind)
    _REACTORS.clear()
    BY_COMMAND.update({cmd: kind for cmd in kind.commands})
    return kind


#: event type -> the kinds whose ``react`` may answer it, worked out once per type (settle asks only them).
_REACTORS: dict[type, tuple[ProcedureKind, ...]] = {}


def reactors(etype: type) -> tuple[ProcedureKind, ...]:
    """The kinds to offer an event of ``etype``: all whose react is not silent and, where a kind names the
    types it ``reacts_to``, only for those (issue 19.4: most events reach no reaction at all)."""
    got = _REACTORS.get(etype)
    if got is None:
        got = _REACTORS[etype] = tuple(k for k in KINDS if _reacts(k, etype))
    return got


def _reacts(k: ProcedureKind, etype: type) -> bool:
    if getattr(type(k).react, "silent", False):
        return False
    types = getattr(k, "reacts_to", None)
    return types is None or issubclass(etype, tuple(types))


#: The kinds a game uses when its scenario names none (``rules.procedures``): every log written before.
DEFAULT_KINDS = ("attrition",)


def used(state, kind_: ProcedureKind) -> bool:
    """Whether this game uses ``kind_``: the turn always; the others as its ``rules.procedures`` names them."""
    return kind_.name == "turn" or kind_.name in (state.rules.procedures or DEFAULT_KINDS)


def active(state) -> list[ProcedureKind]:
    """The registered kinds this game uses, in registry order (what legal() lists, what reacts)."""
    return [k for k in KINDS if used(state, k)]


#: Commands that move the turn on: refused while any kind has an instance open (its ``unfinished``).
TURN_ADVANCE = (c.StartPhase, c.StartPlayerTurn, c.StartGameTurn)


def decide(state, command: c.Command, dice) -> list:
    """The events the rules give for ``command`` on ``state``: routed to its kind; pure, nothing written."""
    kind_ = BY_COMMAND.get(type(command))
    if kind_ is None:
        raise CommandError(f"{type(command).__name__}: no procedure handles this command")
    if not used(state, kind_):
        raise RuleViolation("procedures", f"{type(command).__name__} belongs to the {kind_.name} procedure, which "
                            f"this game does not use (its scenario's rules.procedures: "
                            f"{', '.join(state.rules.procedures or DEFAULT_KINDS)})")
    with still(state):  # deciding only reads the state: a board reading asked twice is worked out once
        if isinstance(command, TURN_ADVANCE):
            for other in KINDS:
                blocked = other.unfinished(state)
                if blocked is not None:
                    raise blocked
        return kind_.decide(state, command, dice)


def kind(name: str) -> ProcedureKind:
    """The registered kind called ``name`` (KeyError listing the names otherwise)."""
    for k in KINDS:
        if k.name == name:
            return k
    raise KeyError(f'no procedure kind "{name}" (kinds: {", ".join(k.name for k in KINDS)})')


def machines() -> dict[str, Any]:
    """Kind name -> its phase machine, for every registered kind that has one."""
    return {k.name: k.machine for k in KINDS if getattr(k, "machine", None) is not None}


def load_plugins() -> list[str]:
    """Register the kinds installed under the entry-point group ``turnlog.kinds``; return their names.

    An entry point names a kind object, or a module whose import registers its kinds.
    """
    from importlib.metadata import entry_points
    loaded = []
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        obj = ep.load()
        if hasattr(obj, "commands") and hasattr(obj, "decide"):
            register(obj)
        loaded.append(ep.name)
    return loaded


turn.KINDS = KINDS  # the turn kind asks every kind whether it holds the turn (legal's turn advances)
register(turn.KIND)
register(attrition.KIND)
register(designation.KIND)
register(wif.KIND)   # WiF land combat (issue 15): used by a game whose rules.procedures names "wif"
register(assault.KIND)  # Panzer Campaigns assault (issue 16): offered only to a game whose rules.procedures names it
