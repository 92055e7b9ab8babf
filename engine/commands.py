"""Commands: the imperative vocabulary of `turnlog play` (one JSON object a line), the core's part.

Each command is a tagged Struct; ``{"type": "RollAttritionDie", "procedure":
"A1"}`` decodes to RollAttritionDie. Decoding errors name the field. This module holds what every
game shares: the ``Command`` base, the turn sequence and host facts, the log's own commands (Undo,
Redo, AddNote, RevealSeed), the one retreat shape, and the parser. Each kind's commands live in its
folder (``engine/<kind>/commands.py``) and reach the parser when the kind is registered
(engine/kinds.py); a kind's command is also readable here by name, which loads the installed kinds.
"""
from __future__ import annotations

import re
from importlib import import_module
from typing import Any, Callable, Iterable, Literal, Union

import msgspec

from turnlog.events.setup import Feature, Season, WeatherSpec

from .errors import CommandError


class Command(msgspec.Struct, frozen=True, kw_only=True, tag=True, forbid_unknown_fields=True,
              omit_defaults=True):
    """Base of every command; subclasses are named in the imperative."""


# -- turn sequence and host facts ----------------------------------------------

class StartGameTurn(Command, frozen=True):
    turn: int
    season: Season
    year: int
    weather: list[WeatherSpec] = []


class StartPlayerTurn(Command, frozen=True):
    faction: str


class StartPhase(Command, frozen=True):
    phase: str  # one of the game's turn sequence (engine/kit/sequence.py), checked when decided


class EndPlayerTurn(Command, frozen=True):
    """The phasing side ends its player turn, so that the next side may start its own (turn.seats)."""


class SetWeather(Command, frozen=True):
    weather: WeatherSpec


class MoveUnit(Command, frozen=True):
    unit: str
    hex: str = ""
    box: str = ""


class MarkOffensive(Command, frozen=True):
    units: list[str]


class SetControl(Command, frozen=True):
    hex: str
    faction: str


class SetSupply(Command, frozen=True):
    unit: str
    supply: Literal["full", "partial", "none"]


class MarkAirdropped(Command, frozen=True):
    unit: str
    from_hex: str


class PlaceFeature(Command, frozen=True):
    hex: str
    feature: Feature


class RemoveFeature(Command, frozen=True):
    hex: str
    kind: str


class AddNote(Command, frozen=True):
    """A bookmark; ``at`` is the seq it marks (default: the end of the log when written)."""

    text: str
    at: int = 0


class RevealSeed(Command, frozen=True):
    pass


class ForkGame(Command, frozen=True):
    """Give a fork its own identity: written by Game.fork at its cut, never played.

    ``own_dice``: the fork's seeded dice derive from that identity (unset in forks written before).
    """

    nonce: str
    own_dice: bool = False


class MakeClaim(Command, frozen=True):
    """Claim ``command`` (a die entered by hand, a host fact, a report, a reveal) for the other side to accept.

    ``by`` is the claimant (filled with the issuing actor); the claim changes nothing until accepted.
    """

    command: dict
    by: str = ""


class AcceptClaim(Command, frozen=True):
    """Accept the other side's pending ``claim``: its command is decided now, through the rules."""

    claim: str
    by: str = ""


class DisputeClaim(Command, frozen=True):
    """Dispute the other side's pending ``claim``: nothing changes but the record."""

    claim: str
    by: str = ""
    reason: str = ""


class Undo(Command, frozen=True):
    override: bool = False
    referee: str = ""
    reason: str = ""


class Redo(Command, frozen=True):
    pass


# -- the one retreat shape, which each kind's retreat command takes ----------

class Retreat(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One unit's retreat into ``to``; '' when it has nowhere to go (each system says what then)."""

    unit: str
    to: str = ""


class RetreatCommand(Command, frozen=True):
    """The one retreat shape: a procedure and every move at once (engine/kit/retreat.py checks it).

    A system's retreat command subclasses it and adds no field but the draws it may enter
    (``values``), so every retreat reads alike.
    """

    procedure: str
    retreats: list[Retreat] = []


#: The core's commands (each kind's are added to the parser when it is registered).
AnyCommand = (
    StartGameTurn | StartPlayerTurn | StartPhase | EndPlayerTurn | SetWeather | MoveUnit | MarkOffensive | SetControl
    | SetSupply | MarkAirdropped | PlaceFeature | RemoveFeature | AddNote | RevealSeed | ForkGame
    | MakeClaim | AcceptClaim | DisputeClaim | Undo | Redo
)

#: Command name -> class: the core's, then each registered kind's (``register``).
NAMES = {c.__name__: c for c in AnyCommand.__args__}
#: The parser over every name in NAMES, built when a command is first parsed (a command that only
#: reads a game parses none) and again after a kind adds its commands.
_decoder: msgspec.json.Decoder[Any] | None = None


def register(types: tuple[type[Command], ...]) -> None:
    """Add a kind's commands to what ``parse`` reads (engine/kinds.py ``register``)."""
    global _decoder
    for cls in types:
        if not (isinstance(cls, type) and issubclass(cls, Command)):
            raise TypeError(f"{cls!r} is not a Command Struct")
        known = NAMES.get(cls.__name__)
        if known is not None and known is not cls:
            raise ValueError(f"command name {cls.__name__!r} is already taken by "
                             f"{known.__module__}.{known.__name__}")
    if all(cls.__name__ in NAMES for cls in types):
        return
    NAMES.update({cls.__name__: cls for cls in types})
    _decoder = None


def isa(types: tuple[type, ...]) -> Callable[[object], bool]:
    """A test ``isinstance(x, types)``, answered once per type of ``x`` and remembered.

    Asked of every command played: isinstance on a Struct that is none of ``types`` costs about
    70 ns a class, a dict lookup 25. Safe to remember: a class's bases never change, and a Struct's
    ``__class__`` is its type, so the answer for a type is the answer for each of its instances.
    """
    seen: dict[type, bool] = {}

    def test(x: object) -> bool:
        t = type(x)
        got = seen.get(t)
        if got is None:
            got = seen[t] = issubclass(t, types)
        return got
    return test


def _parser() -> msgspec.json.Decoder[Any]:
    """The decoder of every known command, by its ``type`` tag."""
    global _decoder
    if _decoder is None:
        _decoder = msgspec.json.Decoder(Union[tuple(NAMES.values())])  # type: ignore[misc]
    return _decoder


def vocabulary() -> dict[str, type[Command]]:
    """Every command of the core and of every installed kind (which this loads): name -> class.

    The registry (engine/kinds.py) is found by name at run time, as it finds the kinds: it imports
    this module, so an import statement here would close a cycle.
    """
    import_module(f"{__package__}.kinds").load_all()
    return NAMES


def _more() -> bool:
    """Load every installed kind; whether that taught the parser a command it did not know."""
    known = len(NAMES)
    return len(vocabulary()) > known


def __getattr__(name: str):
    """A kind's command by name (``commands.BeginLandCombat``): loads the installed kinds."""
    if not name.startswith("_") and name not in NAMES:
        vocabulary()
    if name in NAMES:
        return NAMES[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


encode = msgspec.json.Encoder().encode


def explain(err: msgspec.ValidationError | msgspec.DecodeError) -> str:
    """Turn msgspec's message into ``path: problem`` with the path first."""
    text = str(err)
    m = re.match(r"(.*) - at `\$\.?(.*)`$", text)
    if not m:
        return f"(top): {_lower(text)}" if text.startswith("Object") else _lower(text)
    problem, path = m.groups()
    return f"{path or '(top)'}: {_lower(problem.replace('`', ''))}"


def _lower(text: str) -> str:
    """Lower-case the first letter unless it starts an acronym (JSON)."""
    if len(text) > 1 and text[1].islower():
        return text[0].lower() + text[1:]
    return text


# A \uD800-\uDFFF escape that is not half of a pair: JSON allows it, Unicode text cannot hold it.
_LONE_SURROGATE = re.compile(r"(?<!\\)(?:\\\\)*\\u(d[89ab][0-9a-f]{2})(?!\\ud[c-f][0-9a-f]{2})|"
                             r"(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u(d[c-f][0-9a-f]{2})", re.I)


def lone_surrogate(text: str | bytes) -> str | None:
    """The first lone surrogate in a JSON text, as its escape (``\\ud800``), or None."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    raw = re.search("[\ud800-\udfff]", text)
    if raw:
        return f"\\u{ord(raw.group()):04x}"
    m = _LONE_SURROGATE.search(text)
    return f"\\u{(m.group(1) or m.group(2)).lower()}" if m else None


def parse(line: str | bytes, known: Callable[[], Iterable[str]] | None = None) -> Command:
    """Decode one JSON command; bad input raises CommandError naming the field.

    An unknown command type is refused with the commands ``known()`` names (a game's: those of the
    kinds it uses), or with every command the parser knows.
    """
    try:
        if isinstance(line, str) and not line.isascii():
            # a lone surrogate character (Python text): the same refusal as its escape (ASCII text
            # holds none, and its check costs a tenth of the encoding's)
            line.encode("utf-8")
        # the decoder read directly once built: parse runs for every command played or verified
        return (_decoder if _decoder is not None else _parser()).decode(line)
    except (msgspec.ValidationError, msgspec.DecodeError, UnicodeEncodeError) as err:
        lone = lone_surrogate(line)
        # msgspec calls this "input data was truncated", which says nothing
        if lone or isinstance(err, UnicodeEncodeError):
            raise CommandError(f"a string holds the lone surrogate {lone}, which is not a Unicode "
                               "character (a \\uD800-\\uDFFF escape must be half of a pair)") from None
        msg = explain(err)
        if "invalid value" in msg and "type" in msg:
            if _more():  # a tag of a kind not loaded yet: read it again with every installed kind
                return parse(line, known)
            msg += f" (known commands: {', '.join(sorted(known() if known else NAMES))})"
        raise CommandError(msg) from None
