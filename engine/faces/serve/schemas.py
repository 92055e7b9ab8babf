"""The shapes of what `turnlog serve` is sent and answers, as msgspec Structs: the OpenAPI
description's schemas are generated from them (openapi.py, ``msgspec.json.schema_components``), and
the commands' from the command Structs themselves, so the description cannot drift from the decoder.

The routes build their answers as dicts; tests/faces/test_serve_schemathesis.py holds them to these
shapes.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from ...due import Due  # whose move: the engine's own answer, described as it is
from ...kit.choices import Choice

#: The largest number a query parameter or Last-Event-ID may carry (18 ASCII digits).
MAX_NUMBER = 10**18 - 1

class Refusal(msgspec.Struct, kw_only=True):
    """Every answer other than 2xx: the rule (or ``input``, ``auth``, ``game``...) and one line."""

    rule: str
    message: str
    seq: int | msgspec.UnsetType = msgspec.UNSET  # 409: the head to read on from
    retry_after: int | msgspec.UnsetType = msgspec.UNSET  # 429 by the hourly quota: seconds


class Upload(msgspec.Struct, kw_only=True):
    """An uploaded scenario, checked as `turnlog new` checks a file."""

    format: Literal["toml", "json"]
    text: str


class Creation(msgspec.Struct, kw_only=True):
    """``POST /api/games``: the scenario (bundled name or upload) and its seats."""

    scenario: str | Upload
    seats: dict[str, str] | None = None
    referee: str = ""
    host: str = ""
    claims: dict[str, str] = {}
    keys: dict[str, str] = {}
    joint: dict[str, dict[str, Any]] | None = None
    listed: bool = False


class Created(msgspec.Struct, kw_only=True):
    id: str
    name: str
    tokens: dict[str, str]  # actor -> token, answered this once
    page: str


class Listed(msgspec.Struct, kw_only=True):
    id: str
    name: str


class Games(msgspec.Struct, kw_only=True):
    games: list[Listed]


class Faction(msgspec.Struct, kw_only=True):
    id: str
    name: str


class Bundled(msgspec.Struct, kw_only=True):
    """A bundled scenario: ``scenario`` is what a creation names; ``seats`` the factions its
    ``seats`` may give actors (at least one); ``seated`` the scenario's own seats, if any (then
    ``seats`` may be left out)."""

    scenario: str
    name: str
    description: str  # its first line
    factions: list[Faction]
    seats: list[str]
    seated: dict[str, str]


class Scenarios(msgspec.Struct, kw_only=True):
    scenarios: list[Bundled]


class Summary(msgspec.Struct, kw_only=True):
    id: str
    name: str
    seq: int
    head: str  # SEQ:HASH, an anchor for `verify --anchor`
    seats: dict[str, Any]
    undo: bool
    redo: bool
    over: str = ""  # why the game ended (rule end); "" while it goes on
    undo_by: list[str] = []  # the seated actors the engine's undo check accepts now
    redo_by: list[str] = []  # and its redo check
    joint: dict[str, Any] | msgspec.UnsetType = msgspec.UNSET


class Me(msgspec.Struct, kw_only=True):
    actor: str


class LogPage(msgspec.Struct, kw_only=True):
    rows: list[dict[str, Any]]
    last: int
    next: int | None


class Offered(Choice, frozen=True, kw_only=True):
    """A choice as ``GET legal`` answers it: the engine's Choice (its ``head`` is what ``due``
    items name), its words and the first actor who may issue it."""

    text: str
    actor: str


class Choices(msgspec.Struct, kw_only=True):
    seq: int
    choices: list[Offered]


class WrittenEvent(msgspec.Struct, kw_only=True):
    seq: int
    type: str


class Written(msgspec.Struct, kw_only=True):
    """What a write appended: the head after it, the issuer, each event's seq and type."""

    seq: int
    actor: str
    events: list[WrittenEvent]


class Signed(msgspec.Struct, kw_only=True):
    """The line `turnlog sign` prints: a signed game's command."""

    signed: dict[str, Any]
    actor: str
    prev: str  # SEQ:HASH of the tail it was signed at
    sig: str


class UndoBody(msgspec.Struct, kw_only=True):
    """``POST undo``'s optional body."""

    override: bool = False
    referee: str = ""
    reason: str = ""


#: The Structs named in the description, besides the commands.
class ProcedureOdds(msgspec.Struct, kw_only=True):
    """One open procedure's odds before its roll, in its kind's own lines (the REPL's `odds`)."""

    procedure: str
    lines: list[str]


class Odds(msgspec.Struct, kw_only=True):
    """``GET /api/games/ID/odds``: the odds each open procedure faces before its roll."""

    seq: int
    procedures: list[ProcedureOdds]


class Table(msgspec.Struct, kw_only=True):
    """``GET /api/games/ID/table``: a seat's table after a commit, every part read at one seq:
    what the page lacks (as ``GET replay`` answers it), whose move, the odds, the summary, the
    choices."""

    replay: dict[str, Any]
    due: Due
    odds: Odds
    summary: Summary
    legal: Choices


SHAPES = (Refusal, Creation, Created, Games, Scenarios, Summary, Me, LogPage, Choices, Due, Written, Signed,
          UndoBody, Odds, Table)
