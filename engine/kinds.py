"""The registry of kinds: each combat system (and the turn sequence) a game may use, and its loader.

A *kind* is a combat system as a plug-in (attrition, designation, wif, assault, a user's own); a
*procedure* is one instance of it in a game (``A1``, ``C1``). ``register(kind)`` is the one way
in. A kind brings its commands, and, when its events are not in the codec's static union, its event types,
the projection step that folds them, the Struct type of its own state (kept in
``GameState.kinds[kind.name]``) and a sentence per event for the narrative. Registering teaches the
command parser, the event codec, the fold, snapshots and the narrative about it, so the log, the Game
facade, undo, verify and the CLI need no change for a new combat system (docs/design.md "Plugging in
a kind"). The turn sequence and attrition keep their events in the codec's static union (the bytes of
every log written before the registry).

Every kind, the built-in ones too, is installed as an entry point of the group ``turnlog.kinds``
(pyproject.toml) and imported only when asked for: a game loads the turn kind and the kinds its
GameCreated names (``load_for``), before its later events are decoded; the full vocabulary
(``load_all``) is loaded when a command or event no loaded kind owns is met.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable

import msgspec

from turnlog.events import codec
from turnlog.events.base import Event
from turnlog.events.setup import GameCreated
from turnlog.projections import fold, narrative
from turnlog.projections import state as st

from . import commands as c
from . import claims, installed, turn, turn_seats
from .errors import CommandError, RuleViolation
from .kit.board import read_still
from .kind import Kind
from . import view as V

#: The kinds in the order their ``react`` sees each event and their ``legal`` lists choices.
KINDS: list[Kind] = []
#: command type -> the kind that decides it.
BY_COMMAND: dict[type, Kind] = {}

ENTRY_POINT_GROUP = installed.GROUP


def register(kind: Kind) -> Kind:
    """Plug ``kind`` in; registering the same kind again changes nothing; returns it.

    Refused (ValueError naming the clash) before anything is changed: a kind name, a command name or
    an event tag another kind already owns. Optional attributes of ``kind``: ``events`` (its event
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
            raise ValueError(f"procedure kind {name!r} is already registered "
                             f"({type(other).__module__})")
    _refuse_command_clash(name, tuple(kind.commands))
    events: tuple = tuple(getattr(kind, "events", ()))
    apply: Callable[[Any, object], None] | None = getattr(kind, "apply", None)
    if events and apply is None:
        raise ValueError(f"procedure kind {name!r} has events but no apply(state, event) to fold "
                         "them")
    for cls in events:
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise ValueError(f"{cls!r} is not an Event Struct (events/base.py)")
        if cls.__name__ in codec.TYPES and codec.TYPES[cls.__name__] is not cls:
            raise ValueError(f"event tag {cls.__name__!r} is already taken")
        if any(p.kind is not p.KEYWORD_ONLY for p in inspect.signature(cls).parameters.values()):
            raise ValueError(f"event {cls.__name__}: declare it with kw_only=True (events/base.py: "
                             "every field keyword-only, so a field added later with a default "
                             "cannot shift the others)")
    c.register(tuple(kind.commands))
    if events and apply is not None:  # apply is there whenever events are: refused above otherwise
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
    KINDS.sort(key=_rank)  # stable: reactions and choices come in one order in every process
    _REACTORS.clear()
    turn.HOLDERS[:] = [k for k in KINDS if getattr(k, "holds_board", None) is not None]
    BY_COMMAND.update({cmd: kind for cmd in kind.commands})
    return kind


def _refuse_command_clash(name: str, commands: tuple[type, ...]) -> None:
    """ValueError naming both kinds when a command name of kind ``name`` is one a registered kind decides
    (or one the kind lists twice): the parser reads a command by its name alone."""
    owners = {cls.__name__: k for cls, k in BY_COMMAND.items()}
    seen: set[str] = set()
    for cmd in commands:
        other = owners.get(cmd.__name__)
        if other is not None:
            raise ValueError(f"procedure kind {name!r}: command name {cmd.__name__!r} is already decided by "
                             f"kind {other.name!r} ({type(other).__module__}); rename one of them")
        if cmd.__name__ in seen:
            raise ValueError(f"procedure kind {name!r}: command name {cmd.__name__!r} is listed twice")
        seen.add(cmd.__name__)


#: event type -> the kinds whose ``react`` may answer it, worked out once per type (settle asks only
#: them).
_REACTORS: dict[type, tuple[Kind, ...]] = {}


def reactors(etype: type) -> tuple[Kind, ...]:
    """The kinds to offer an event of ``etype``: all whose react is not silent and, where a kind names the
    types it ``reacts_to``, only for those (most events reach no reaction at all)."""
    got = _REACTORS.get(etype)
    if got is None:
        got = _REACTORS[etype] = tuple(k for k in KINDS if _reacts(k, etype))
    return got


def _reacts(k: Kind, etype: type) -> bool:
    if getattr(type(k).react, "silent", False):
        return False
    types = getattr(k, "reacts_to", None)
    return types is None or issubclass(etype, tuple(types))


#: The kinds a game uses when its scenario names none (``rules.procedures``): every log written
#: before.
DEFAULT_KINDS = ("attrition",)


def used(state, kind_: Kind) -> bool:
    """Whether this game uses ``kind_``: the turn always; the others as its ``rules.procedures`` names them."""
    return kind_.name == "turn" or kind_.name in (state.rules.procedures or DEFAULT_KINDS)


def active(state) -> list[Kind]:
    """The registered kinds this game uses, in registry order (what legal() lists, what reacts)."""
    return [k for k in KINDS if used(state, k)]


def command_names(state) -> list[str]:
    """The commands this game takes, the core's and its kinds': listed when refusing another."""
    core = [cls.__name__ for cls in c.AnyCommand.__args__]
    return list(dict.fromkeys(core + [cmd.__name__ for k in active(state) for cmd in k.commands]))


def legal_order(state) -> list[Kind]:
    """The used kinds in the order the faces list their choices: every kind's moves first, the turn's host
    facts and advances after (the registry order, which reactions and Game.legal() follow, is unchanged)."""
    got = active(state)
    return [k for k in got if k.name != "turn"] + [k for k in got if k.name == "turn"]


def view(state) -> V.BoardView:
    """The board of ``state`` as every face draws it: the core's units, then each used kind's view."""
    out = V.BoardView(units={uid: V.core_unit(u) for uid, u in state.units.items()},
                      pools=V.pools(state))
    for kind_ in active(state):
        hook = getattr(kind_, "view", None)
        if hook is None:
            continue
        got: V.KindView = hook(state)
        for uid, v in got.units.items():
            if uid in out.units:
                out.units[uid] = V.merge(out.units[uid], v)
        out.overlays += got.overlays
        out.legend += [line for line in got.legend if line not in out.legend]
        out.off_map += got.off_map
        out.summaries.update(got.summaries)
    return out


#: Commands that move the turn on: refused while any kind has an instance open (its ``unfinished``).
TURN_ADVANCE = (c.StartPhase, c.StartPlayerTurn, c.StartGameTurn, c.EndPlayerTurn)
#: isinstance(cmd, TURN_ADVANCE), remembered per command type.
_advances = c.isa(TURN_ADVANCE)


def decide(state, command: c.Command, dice) -> list:
    """The events the rules give for ``command`` on ``state``: routed to its kind; pure, nothing written.

    A pending claim holds everything but a note and its answer (engine/claims.py).
    """
    if state.over:
        turn_seats.over(state, command)
    claims.hold(state, command)
    return route(state, command, dice)


def route(state, command: c.Command, dice) -> list:
    """decide's routing to the command's kind, without the claims' hold (an accepted claim's command)."""
    kind_ = BY_COMMAND.get(type(command))
    if kind_ is None:  # a command Struct built before its kind was loaded
        load_all()
        kind_ = BY_COMMAND.get(type(command))
    if kind_ is None:
        raise CommandError(f"{type(command).__name__}: no procedure handles this command")
    if not used(state, kind_):
        raise RuleViolation("procedures", f"{type(command).__name__} belongs to the {kind_.name} "
                            "procedure, which this game does not use (its scenario's "
                            "rules.procedures: "
                            f"{', '.join(state.rules.procedures or DEFAULT_KINDS)})")
    # deciding only reads the state: a board reading asked twice is worked out once
    if _advances(command):
        return read_still(state, _advanced, state, command, dice, kind_)
    return read_still(state, kind_.decide, state, command, dice)


def _advanced(state, command: c.Command, dice, kind_: Kind) -> list:
    """route's decision of a turn advance by ``kind_``, once no kind holds the turn back."""
    for other in KINDS:
        blocked = other.unfinished(state)
        if blocked is not None:
            raise blocked
    return kind_.decide(state, command, dice)


# claims cannot import this module
claims.ACTIVE, claims.ROUTE = (lambda state: active(state)), route


def kind(name: str) -> Kind:
    """The kind called ``name``, loaded if installed (KeyError listing the names otherwise)."""
    load((name,))
    for k in KINDS:
        if k.name == name:
            return k
    raise KeyError(f'no procedure kind "{name}" (kinds: {", ".join(k.name for k in KINDS)})')


def machines() -> dict[str, Any]:
    """Kind name -> its phase machine, for every installed or registered kind that has one."""
    load_all()
    return {k.name: m for k in KINDS if (m := getattr(k, "machine", None)) is not None}


def load(names=()) -> None:
    """Register the turn kind and the installed kinds called ``names``, in the table's order.

    A name no installed kind has is left alone: the caller that needs it refuses it (Game.create).
    """
    want = {"turn", *names}
    have = {k.name for k in KINDS}
    own = installed.own()
    # turnlog's own come first in the table: the plugins are scanned only for a name they lack.
    found = own if want <= own.keys() else installed.table()
    for name, value in found.items():
        if name in want and name not in have and name not in BROKEN:
            _load(name, value)


def load_for(procedures) -> None:
    """Register the kinds a game with these ``rules.procedures`` uses (the turn kind always)."""
    load(procedures or DEFAULT_KINDS)


#: Installed kinds whose import failed: name -> why; the other kinds still load (a third party's
#: broken plugin must not stop every game).
BROKEN: dict[str, str] = {}


def load_all() -> list[str]:
    """Register every installed kind (the full vocabulary); return the registered kinds' names."""
    have = {k.name for k in KINDS}
    for name, value in installed.table().items():
        if name not in have and name not in BROKEN:
            _load(name, value)
    return [k.name for k in KINDS]


def _load(name: str, value: str) -> None:
    """Import and register one installed kind; a plugin that fails is kept in BROKEN, turnlog's raise."""
    try:
        obj = installed.load(name, value)
    except Exception as err:  # noqa: BLE001  (reported by name where a game asks for it)
        if name in installed.own():
            raise
        BROKEN[name] = f"{type(err).__name__}: {err}"
        return
    if hasattr(obj, "commands") and hasattr(obj, "decide"):
        register(obj)


def _rank(k: Kind) -> int:
    """A kind's place in KINDS: turnlog's own in their table's order, every other after them."""
    order = list(installed.own())
    return order.index(k.name) if k.name in order else len(order)


def load_for_log(log) -> None:
    """Register the kinds the GameCreated of ``log`` names, before its later events are decoded.

    A log without one yet: the turn kind alone."""
    first = next(iter(log.rows(1, 1)), None)
    if first is None or first[2] != "GameCreated":
        load()
        return
    try:
        created = codec.decode(first[2], first[3], first[4])
        assert isinstance(created, GameCreated)  # decoded by its type column, checked above
        procedures = created.rules.procedures
    except (codec.SchemaError, msgspec.DecodeError, msgspec.ValidationError):
        procedures = []  # the replay that follows names the unreadable row
    load_for(procedures)
    require(procedures)


def require(procedures) -> None:
    """Refuse a game whose named kinds are not all registered (KindNotInstalled naming the first).

    Called once the log's GameCreated is read, before a later event is decoded: a game mailed to
    someone without the plugin is named as such, not as a log with an unknown event type."""
    have = {k.name for k in KINDS}
    for name in procedures:
        if name not in have:
            raise installed.KindNotInstalled(name, BROKEN.get(name, ""))


def _loaded_more(_type: str = "") -> bool:
    """Load every installed kind; whether that registered any kind not registered before."""
    known = len(KINDS)
    return len(load_all()) > known


# An event of a kind the game did not name (a rogue row) is read all the same, for verify to judge.
codec.on_unknown = _loaded_more
# the turn kind asks every kind whether it holds the turn (legal's turn advances)
turn.KINDS = KINDS
