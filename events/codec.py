"""The one codec for every event type, with schema versions and upcasters.

Stored rows carry the event's type and schema version. A row at the current
version decodes straight into its Struct (the replay fast path); an older row
is decoded to builtins, passed through the upcaster chain, then converted.
A row newer than this code knows is refused: old code must not guess.
"""
from __future__ import annotations

from typing import Any, Callable, Union, get_args

import msgspec

from .attrition import AttritionEvent
from .base import Event
from .game import GameEvent
from .setup import SetupEvent

AnyEvent = SetupEvent | GameEvent | AttritionEvent

TYPES: dict[str, type[Event]] = {c.__name__: c for c in get_args(AnyEvent)}
VERSIONS: dict[str, int] = {name: cls.version for name, cls in TYPES.items()}

_encoder = msgspec.json.Encoder()
_raw = msgspec.json.Decoder()

encode = _encoder.encode

#: type name -> its decoder's ``decode``, built on first use: a stored row names its type, and a
#: decoder over one type costs a fraction of the union's (built over every type, 6 ms at a process's
#: start) and decodes faster, so a command that reads a few types builds only theirs.
_decoders: dict[str, Callable[[bytes | str], Any]] = {}
#: The union over every type, for a row read without its type (``decode_current``); built on first
#: use.
_union: msgspec.json.Decoder[Any] | None = None


def decoder(type_: str) -> Callable[[bytes | str], Any]:
    """The decode of one known type's rows at its current version (KeyError for an unknown type)."""
    dec = _decoders.get(type_)
    if dec is None:
        dec = _decoders[type_] = msgspec.json.Decoder(TYPES[type_]).decode
    return dec


def union_decoder() -> msgspec.json.Decoder[Any]:
    """The decoder of a current row of any known type, by its tag."""
    global _union
    if _union is None:
        _union = msgspec.json.Decoder(Union[tuple(TYPES.values())])  # type: ignore[misc]
    return _union


def decode_current(data: bytes | str) -> Any:
    """Decode a row at its type's current version by its tag alone (``decode`` knows the type)."""
    return union_decoder().decode(data)


#: Asked about an event type no registered kind owns; True when it registered one that does.
#: The kind registry sets it (engine/kinds.py loads the installed kinds): this layer knows none.
on_unknown: Callable[[str], bool] | None = None


class SchemaError(Exception):
    """A stored row this code cannot read (unknown type or newer version)."""


def register(types: tuple[type[Event], ...]) -> None:
    """Add a kind's event types (engine/kinds.py ``register``); their tags must be new.

    A registered type is decoded as a built-in one is (the union is rebuilt on its next use). A tag
    already taken is refused: a tag names one type for ever (events/base.py).
    """
    global _union
    for cls in types:
        if not (isinstance(cls, type) and issubclass(cls, Event)):
            raise TypeError(f"{cls!r} is not an Event Struct (events/base.py)")
        known = TYPES.get(cls.__name__)
        if known is not None and known is not cls:
            raise ValueError(f"event tag {cls.__name__!r} is already taken by {known.__module__}.{known.__name__}")
    fresh = [cls for cls in types if cls.__name__ not in TYPES]
    if not fresh:
        return
    for cls in fresh:
        TYPES[cls.__name__] = cls
        VERSIONS[cls.__name__] = cls.version
    _union = None


def _unit_moved_v1(d: dict[str, Any]) -> dict[str, Any]:
    d["to_hex"] = d.pop("hex", "")
    return d


#: (type, stored version) -> function producing the next version's builtins.
UPCASTERS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("UnitMoved", 1): _unit_moved_v1,
}


def decode(type_: str, version: int, data: bytes | str) -> Event:
    """Decode one stored row into its current Struct, upcasting if needed."""
    current = VERSIONS.get(type_)
    if current is None and on_unknown is not None and on_unknown(type_):
        current = VERSIONS.get(type_)
    if current is None:
        raise SchemaError(f"unknown event type {type_!r}")
    if version == current:
        return decoder(type_)(data)
    if version > current:
        raise SchemaError(
            f"{type_} v{version} was written by a newer turnlog (this one reads up to v{current})"
        )
    d = _raw.decode(data)
    while version < current:
        step = UPCASTERS.get((type_, version))
        if step is None:
            raise SchemaError(f"no upcaster for {type_} v{version}")
        d = step(d)
        version += 1
    return msgspec.convert(d, TYPES[type_])
