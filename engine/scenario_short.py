"""The compact notation of a scenario: map lines over ranges of hexes, and a unit in one line.

Expanded into the full form before the scenario is decoded (engine/scenario.py ``parse``), so both forms
give the same Structs and the same setup events (docs/scenario.md "The compact form").

``map`` is a list of lines ``REGION [: field=value ...]``; REGION is hex ids (``CCRR``) and ranges
(``0101..0405``: every column from 01 to 04, each from row 01 to 05, column by column). A hex is added
where it is first named, its ``col`` and ``row`` read from its id; each line sets the fields it gives on
every hex it names, later lines over earlier ones. A hex given in full under ``hexes`` takes the place of
the map's hex of the same id; the others are added after the map's. A unit given as a string in ``units``
is ``ID NATIONALITY [TYPE] FACTORS [@HEX] [field=value ...]`` (a type left out is the
default, and is not written). A value is a word, or a JSON string in
double quotes; a list field takes words separated by commas, ``ratings.NAME=N`` sets one rating.
"""
from __future__ import annotations

import functools

import json
import re
from typing import Any

import msgspec

from turnlog.events import setup as s

from . import domains
from .commands import explain
from .errors import ScenarioError

_HEX = re.compile(r"(\d\d)(\d\d)")
#: A token: words and double-quoted JSON strings run together (``name="two words"``).
_TOKEN = re.compile(r'(?:[^\s"]+|"(?:[^"\\]|\\.)*")+')
#: Hex fields a map line may not set: the id and place come from the region, features need their tables.
_NOT_IN_LINE = {"id", "col", "row", "features"}
UNIT_LINE = "ID NATIONALITY [TYPE] FACTORS [@HEX] [field=value ...]"
#: The most hexes the map lines may name in all, a range counted each time it is given (bounded work).
MAX_NAMED = 1_000_000


def expand(raw: Any) -> Any:
    """``raw`` (a decoded scenario document) with its map lines and unit lines in the full form."""
    if not isinstance(raw, dict):
        return raw
    out = dict(raw)
    if "map" in out:
        out["hexes"] = _hexes(out.pop("map"), out.get("hexes", []))
    units = out.get("units")
    if isinstance(units, list) and any(isinstance(u, str) for u in units):
        out["units"] = [_unit(i, u) if isinstance(u, str) else u for i, u in enumerate(units)]
    return out


def compact(raw: Any) -> bool:
    """Whether a decoded document uses the compact notation (JSON is decoded typed first, without it)."""
    return isinstance(raw, dict) and ("map" in raw or any(isinstance(u, str) for u in raw.get("units") or ()))


def _hexes(lines: Any, full: Any) -> list:
    if not isinstance(lines, list) or not all(isinstance(x, str) for x in lines):
        raise ScenarioError("map: expected an array of strings (map lines)")
    limit = domains.MAX_ITEMS["hexes"]
    if len(lines) > domains.MAX_OTHER_ITEMS:
        raise ScenarioError(f"map: {len(lines)} lines, more than the limit of {domains.MAX_OTHER_ITEMS}")
    hexes: dict[str, dict] = {}
    named = 0
    for i, line in enumerate(lines):
        region, _colon, rest = line.partition(":")
        fields = _hex_fields(f"map[{i}]", rest)
        for token in region.split():
            cells = _region(f"map[{i}]", token, limit - len(hexes))
            named += len(cells)
            if named > MAX_NAMED:
                raise ScenarioError(f"map[{i}]: the map lines name more than {MAX_NAMED} hexes in all (a "
                                    "range counts each time it is given)")
            for hid, col, row in cells:
                hexes.setdefault(hid, {"id": hid, "col": col, "row": row}).update(fields)
        if not region.split():
            raise ScenarioError(f"map[{i}]: {line[:40]!r}: a map line begins with the hexes it sets")
    order = list(hexes)
    given = {h.get("id"): h for h in full if isinstance(h, dict)} if isinstance(full, list) else {}
    out = [given.get(hid, hexes[hid]) for hid in order]
    out += [h for h in (full if isinstance(full, list) else []) if not (isinstance(h, dict) and h.get("id") in hexes)]
    return out


def _region(where: str, token: str, room: int) -> list[tuple[str, int, int]]:
    """The hexes of one region token, column by column; ScenarioError naming a bad token."""
    first, dots, last = token.partition("..")
    a, b = _HEX.fullmatch(first), _HEX.fullmatch(last if dots else first)
    if a is None or b is None:
        raise ScenarioError(f"{where}: {token[:40]!r}: not a hex id CCRR or a range CCRR..CCRR")
    c0, c1 = sorted((int(a[1]), int(b[1])))
    r0, r1 = sorted((int(a[2]), int(b[2])))
    if (c1 - c0 + 1) * (r1 - r0 + 1) > room:
        raise ScenarioError(f"{where}: {token!r}: more hexes than the limit of {domains.MAX_ITEMS['hexes']}")
    width = len(a[1])
    return [(f"{c:0{width}d}{r:0{width}d}", c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)]


def _tokens(where: str, text: str) -> list[str]:
    """The tokens of ``text``; ScenarioError naming a double quote that is not closed."""
    tokens = _TOKEN.findall(text)
    if "".join("".join(tokens).split()) != "".join(text.split()):
        bad = next((t for t in text.split() if t.count('"') % 2), text.strip())
        raise ScenarioError(f"{where}: {bad[:40]!r}: a double quote is not closed")
    return tokens


def _pairs(where: str, tokens: list[str]) -> dict[str, Any]:
    """``field=value`` tokens as a dict (lists split on commas, ``ratings.NAME`` into ratings)."""
    out: dict[str, Any] = {}
    for token in tokens:
        field, eq, value = token.partition("=")
        if not eq or not field:
            raise ScenarioError(f"{where}: {token[:40]!r}: not field=value")
        word: Any = _value(where, token, value)
        if "." in field:
            name, _dot, key = field.partition(".")
            out.setdefault(name, {})
            if not isinstance(out[name], dict):
                raise ScenarioError(f"{where}: {token[:40]!r}: {name} is given twice")
            out[name][key] = word
        else:
            out[field] = word
    return out


def _value(where: str, token: str, value: str) -> Any:
    if value.startswith('"'):
        try:
            return json.loads(value)
        except ValueError:
            raise ScenarioError(f"{where}: {token[:40]!r}: not a JSON string") from None
    return value.split(",") if "," in value else value


@functools.cache
def _list_fields() -> frozenset[str]:
    """HexSpec's list fields (worked out once: ``msgspec.structs.fields`` resolves annotations)."""
    return frozenset(f.name for f in msgspec.structs.fields(s.HexSpec)
                     if getattr(f.type, "__origin__", None) is list)


def _hex_fields(where: str, rest: str) -> dict[str, Any]:
    """The fields a map line sets, checked as a HexSpec's; ScenarioError naming the bad one."""
    given = _pairs(where, _tokens(where, rest))
    for name in given:
        if name in _NOT_IN_LINE:
            raise ScenarioError(f"{where}: {name!r} cannot be set by a map line (give the hex in full under hexes)")
    lists = _list_fields()
    given = {k: (v if isinstance(v, list) or k not in lists else [v]) for k, v in given.items()}
    try:
        spec = msgspec.convert({"id": "x", "col": 0, "row": 0, **given}, s.HexSpec, strict=False)
    except msgspec.ValidationError as err:
        raise _named(where, err) from None
    return {k: getattr(spec, k) for k in given}


def _unit(i: int, line: str) -> dict:
    """One unit line as the full form's table; ScenarioError naming the bad token."""
    where = f"units[{i}]"
    tokens = _tokens(where, line)
    n = next((k for k, t in enumerate(tokens) if t.startswith("@") or "=" in t), len(tokens))
    if n not in (3, 4):
        raise ScenarioError(f"{where}: {line[:60]!r}: a unit line is {UNIT_LINE}")
    d: dict[str, Any] = {"id": tokens[0], "nationality": tokens[1], "factors": tokens[n - 1]}
    if n == 4:  # left out, the type is the default and is not written
        d["type"] = tokens[2]
    rest = tokens[n:]
    if rest and rest[0].startswith("@"):
        d["hex"] = rest.pop(0)[1:]
    d.update(_pairs(where, rest))
    if isinstance(d.get("markers"), str):
        d["markers"] = [d["markers"]]
    try:
        return msgspec.to_builtins(msgspec.convert(d, s.UnitSpec, strict=False))
    except msgspec.ValidationError as err:
        raise _named(where, err) from None


def _named(where: str, err: msgspec.ValidationError) -> ScenarioError:
    """msgspec's refusal of a line's fields, named from the line (``units[3].factors: ...``)."""
    said = explain(err).replace("`", "")
    if said.startswith("(top): "):
        return ScenarioError(f"{where}: {said.removeprefix('(top): ')}")
    return ScenarioError(f"{where}.{said}")
