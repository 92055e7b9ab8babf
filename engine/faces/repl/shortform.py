"""The short form of commands typed in the REPL: `RollAttritionDie procedure=A1 value=4`, or JSON."""
from __future__ import annotations

import msgspec
from msgspec import inspect as mi

from ... import commands as c
from ...errors import CommandError


def parse_short(text: str) -> c.Command:
    """A command from JSON, or from 'Name field=value ...' / 'Name value ...' (required fields in order)."""
    text = text.strip()
    if not text:
        raise CommandError("do needs a command (JSON, or e.g. RollAttritionDie procedure=A1)")
    if text.startswith("{"):
        return c.parse(text)
    name, *args = _tokens(text)
    names = c.vocabulary()
    cls = names.get(name) or next((v for k, v in names.items() if k.lower() == name.lower()), None)
    if cls is None:
        raise CommandError(f"unknown command {name!r} (known: {', '.join(sorted(names))})")
    info = mi.type_info(cls)
    assert isinstance(info, mi.StructType)  # every command is a Struct
    fields = {f.name: f for f in info.fields}
    # Declared order: required fields first, then the optional ones; a mapping (joint dice' shares)
    # is never bare, it is given as field={...}.
    positional = [k for k, f in fields.items() if not isinstance(f.type, mi.DictType)]
    obj: dict = {"type": cls.__name__}
    for arg in args:
        if "=" in arg and arg.split("=", 1)[0] in fields:
            key, value = arg.split("=", 1)
        else:
            free = next((k for k in positional if k not in obj), None)
            if free is None:
                raise CommandError(f"{cls.__name__}: no field for {arg!r} (fields: "
                                   f"{', '.join(fields)})")
            key, value = free, arg
        obj[key] = _convert(value, fields[key].type, f"{key}")
    return c.parse(msgspec.json.encode(obj))


def _tokens(text: str) -> list[str]:
    """Split on blanks; a quoted string is one token, and so is a JSON list/object after 'field='."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < n and not text[j].isspace() and text[j] not in "=\"'[{":
            j += 1
        if j < n and text[j] == "=":
            j += 1
        head = text[i:j]
        if j < n and text[j] in "[{":
            k = _json_end(text, j)
            out.append(head + text[j:k])
        elif j < n and text[j] in "\"'":
            k = text.find(text[j], j + 1)
            if k < 0:
                raise CommandError(f"unclosed quote in {text[j:]!r}")
            out.append(head + text[j + 1:k])
            k += 1
        else:
            k = j
            while k < n and not text[k].isspace():
                k += 1
            out.append(text[i:k])
        i = k
    return out


def _json_end(text: str, start: int) -> int:
    depth, k, quoted = 0, start, False
    while k < len(text):
        ch = text[k]
        if quoted:
            if ch == "\\":
                k += 1
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch in "[{":
            depth += 1
        elif ch in "]}":
            depth -= 1
            if depth == 0:
                return k + 1
        k += 1
    raise CommandError(f"unbalanced JSON in {text[start:]!r}")


def _convert(value: str, t, path: str):
    """A short-form value as its field's type: lists split on ',', struct items on ':', their lists on '+'."""
    if value[:1] in ("[", "{"):
        try:
            return msgspec.json.decode(value)
        except msgspec.DecodeError as err:
            raise CommandError(f"{path}: not valid JSON ({err})") from None
    if isinstance(t, mi.UnionType):
        if value.lower() in ("none", "null", ""):
            return None
        t = next(x for x in t.types if not isinstance(x, mi.NoneType))
    if isinstance(t, mi.LiteralType):
        if value not in t.values:
            raise CommandError(f"{path}: expected one of {', '.join(map(str, t.values))}, got "
                               f"{value!r}")
        return value
    if isinstance(t, mi.IntType):
        try:
            return int(value)
        except ValueError:
            raise CommandError(f"{path}: expected a whole number, got {value!r}") from None
    if isinstance(t, mi.BoolType):
        return value.lower() in ("1", "true", "yes", "y", "on")
    if isinstance(t, mi.ListType):
        items = [x for x in value.split(",") if x != ""]
        return [_convert(x, t.item_type, f"{path}[{i}]") for i, x in enumerate(items)]
    if isinstance(t, mi.StructType):
        parts = value.split(":")
        names = [f for f in t.fields]
        if len(parts) > len(names):
            raise CommandError(f"{path}: too many ':' parts for {', '.join(f.name for f in names)}")
        out = {}
        for f, part in zip(names, parts):
            if isinstance(f.type, mi.ListType):
                out[f.name] = [_convert(x, f.type.item_type, f"{path}.{f.name}") for x in part.split("+") if x]
            elif part != "" or f.required:
                out[f.name] = _convert(part, f.type, f"{path}.{f.name}")
        return out
    return value
