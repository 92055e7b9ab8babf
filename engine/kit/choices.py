"""What ``legal()`` lists: one Choice per command that may be issued now, with its concrete options.

A Choice names the command, the fields already fixed (``procedure="A1"``), who acts and the rule
that governs it, and one Option per field left to fill. ``choice.head`` is the short line legal()
gave before choices were concrete ("TakeAttritionLosses procedure=A1", "StartPhase combat"), which
the REPL's short form reads back; ``str(choice)`` adds the options.

Field notation in ``Option.field``:

* ``units`` — a field of the command itself;
* ``retreats[].to`` — the field ``to`` of each item of the list ``retreats``;
* ``when`` narrows an option to one case: ``when={"retreats[].unit": "u3"}`` is the ``to`` of u3's item,
  ``when={"hex": "0505"}`` applies when the command's ``hex`` is 0505. The option of a list field
  without ``when`` (``retreats[].unit``) says which items the list holds.

An option is finite unless ``domain`` is set: then the field is open (a note's text, a year) and
``values`` are only examples a fuzzer may use. What cannot be said per field is said on the Choice:
``distinct`` (option fields whose picks never repeat a value among them), ``together`` (the list
options pick at most that many values in all), ``one_of`` (exactly one of these fields is given) and
``note`` (a condition the lists do not show, e.g. a retreat that overstacks, 14.73A).
"""
from __future__ import annotations

import random
from typing import Any, Sequence

import msgspec

#: How many values ``str`` shows before it abbreviates a long list (a large map's hexes).
SHOWN = 12


class Bound(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Of the values picked for a list option, at least ``least`` and at most ``most`` come from ``values``."""

    values: list[Any]
    least: int = 0
    most: int | None = None
    rule: str = ""


class Option(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One field to fill: the values it may take and how many of them (one, exactly n, at most n)."""

    field: str
    values: list[Any] = []
    many: bool = False           # the field is a list: pick ``least``..``most`` distinct values
    least: int = 1
    most: int | None = 1         # None: no upper limit
    optional: bool = False       # the field may be left out (the command's default applies)
    domain: str = ""             # set: the field is open; ``values`` are examples only
    when: dict[str, Any] = {}
    bounds: list[Bound] = []
    #: With ``reach``: each value's weight (a unit's factors), in the order of ``values``; the picks total
    #: at least ``reach`` (all of them when they total less) and none is beyond need: without any one of
    #: them the total would fall short. ``least``/``most`` are then not read.
    weights: list[int] = []
    reach: int = 0

    def __str__(self) -> str:
        where = "".join(f"[{v}]" for v in self.when.values())
        name = self.field.replace("[]", where, 1) if where and "[]" in self.field else \
            self.field + (f" (if {', '.join(f'{k}={v}' for k, v in self.when.items())})" if where else "")
        if self.domain:
            text = f"open, {self.domain}"
        elif self.reach and self.values:
            shown = _show([f"{v} ({w})" for v, w in zip(self.values, self.weights)])
            text = f"totalling at least {self.reach}, none beyond need, of {shown}"
        elif not self.many:
            text = ("none" if not self.values else f"one of {_show(self.values)}")
        else:
            text = f"{_how_many(self.least, self.most, len(self.values))} {_show(self.values)}" \
                if self.values else "none"
        bounds = "".join(f"; {_bound(b)}" for b in self.bounds)
        return f"{name}: {text}{bounds}{', or left out' if self.optional else ''}"


def _how_many(least: int, most: int | None, n: int) -> str:
    if most == 0:
        return "none of"
    if most is not None and least == most:
        return f"exactly {least} of" if least < n else ("all of" if n > 1 else "exactly 1 of")
    if most is None or most >= n:
        return f"at least {least} of" if least else "any of"
    return f"{least} to {most} of" if least else f"at most {most} of"


def _bound(b: Bound) -> str:
    return f"{_how_many(b.least, b.most, len(b.values))} {_show(b.values)}" + (f" under {b.rule}" if b.rule else "")


def _show(values: list) -> str:
    shown = ["(eliminated)" if v == "" else str(v) for v in values]
    if len(shown) > SHOWN:
        return ", ".join(shown[:SHOWN - 1]) + f", ... {shown[-1]} ({len(shown)} values)"
    return ", ".join(shown)


class Choice(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A command that may be issued now: its fixed fields, the options left, who acts, the rule."""

    command: str
    head: str
    fixed: dict[str, Any] = {}
    options: list[Option] = []
    rule: str = ""
    role: str = ""               # who acts: "attacker", "defender", "phasing", "host"
    faction: str = ""
    distinct: list[str] = []
    together: int | None = None
    one_of: list[str] = []
    note: str = ""
    # who may issue it now, by name (Game.legal fills it in a seated game from the seat check itself);
    # ``claim``: those of them whose command would be a claim the other side answers (engine/claims.py)
    actors: list[str] = []
    claim: list[str] = []

    def __str__(self) -> str:
        parts = [self.head] + [str(o) for o in self.options]
        if self.one_of:
            parts.append(f"exactly one of {', '.join(self.one_of)}")
        if self.together is not None:
            parts.append(f"at most {self.together} in all")
        if self.distinct and any(o.many for o in self.options if o.field in self.distinct):
            parts.append(f"no value twice in {', '.join(self.distinct)}")
        text = parts[0] + (" " + "; ".join(parts[1:]) if parts[1:] else "")
        text += f"; {self.note}" if self.note else ""
        return text + (f" ({self.rule})" if self.rule else "")

    def example(self, rng: random.Random) -> dict:
        """A command document (``{"type": ..., ...}``) drawn at random within the options.

        Every finite option, bound, ``distinct``, ``together`` and ``one_of`` is respected; a
        condition only in ``note`` is not, and an open field takes one of its example values (or is
        left out).
        """
        doc: dict[str, Any] = {"type": self.command, **self.fixed}
        taken: set = set()
        left = self.together
        skip = set()
        if self.one_of:
            keep = rng.choice([f for f in self.one_of if self._top(f)] or self.one_of)
            skip = set(self.one_of) - {keep}
        for opt in self.options:
            if "[]" in opt.field or opt.field in skip or not _applies(opt, doc):
                continue
            value = self._draw(rng, opt, taken, left)
            if value is _LEFT_OUT:
                continue
            doc[opt.field] = value
            if opt.many and left is not None:
                left -= len(value)
        for name in dict.fromkeys(o.field.split("[]")[0] for o in self.options if "[]" in o.field):
            # A required item can be left short when an earlier one took the values it needed and
            # that may not repeat: draw the items again (a bounded number of times) before giving a
            # short one back.
            before = set(taken)
            for _attempt in range(25):
                taken.clear()
                taken.update(before)
                items, short = self._items(rng, name, taken)
                if not short:
                    break
            doc[name] = items
        return doc

    def _top(self, field: str) -> Option | None:
        return next((o for o in self.options if o.field == field), None)

    def _draw(self, rng: random.Random, opt: Option, taken: set, left: int | None):
        shared = opt.field in self.distinct
        if not opt.many:
            pool = [v for v in opt.values if not (shared and v in taken)]
            if opt.optional and (not pool or rng.random() < 0.3):
                return _LEFT_OUT
            v = rng.choice(pool) if pool else None  # None: nothing fits, and the rules will say why
            if shared:
                taken.add(v)
            return v
        if opt.reach:
            free = [(v, w) for v, w in zip(opt.values, opt.weights) if not (shared and v in taken)]
            picked = reaching(rng, free, opt.reach)
            if shared:
                taken.update(picked)
            return picked
        most = opt.most if left is None else min(left, opt.most if opt.most is not None else left)
        picked = pick(rng, [v for v in opt.values if not (shared and v in taken)], opt.least, most,
                      opt.bounds)
        if shared:
            taken.update(picked)
        return picked

    def _items(self, rng: random.Random, name: str, taken: set) -> tuple[list[dict], bool]:
        """The items of a list-of-structs field (its key option first, then each item's own options), and
        whether an item that had to stay came out short of its options' minimum."""
        opts = [o for o in self.options if o.field.startswith(name + "[]")]
        key = next(o for o in opts if not o.when)
        keyname = key.field.split(".", 1)[1]
        keys = pick(rng, key.values, key.least, key.most, key.bounds) if key.many else [rng.choice(key.values)]
        required = {v for b in key.bounds if b.least for v in b.values}
        items: list[dict] = []
        missed = False
        # Required items first, so that they have the first claim on values that may not repeat;
        # an optional item whose own options can no longer be met is dropped.
        for k in sorted(keys, key=lambda k: k not in required):
            item, short = {keyname: k}, False
            for o in opts:
                if o.when == {key.field: k}:
                    v = self._draw(rng, o, taken, None)
                    short |= o.many and v is not _LEFT_OUT and len(v) < o.least
                    if v is not _LEFT_OUT:
                        item[o.field.split(".", 1)[1]] = v
            if not short or k in required or len(items) < key.least:
                items.append(item)
                missed |= short
        return items, missed


_LEFT_OUT = object()


def _applies(opt: Option, doc: dict) -> bool:
    return all(doc.get(k) == v for k, v in opt.when.items())


def pick(rng: random.Random, values: list, least: int, most: int | None,
         bounds: Sequence[Bound] = ()) -> list:
    """``least``..``most`` distinct values at random, within every bound: the bounds' minimums first."""
    most = len(values) if most is None else min(most, len(values))
    out: list = []

    def fits(v) -> bool:
        return v not in out and all(b.most is None or v not in b.values or
                                    sum(x in b.values for x in out) < b.most for b in bounds)
    for b in bounds:
        for v in rng.sample(b.values, len(b.values)):
            if sum(x in b.values for x in out) >= b.least or len(out) >= most:
                break
            if v in values and fits(v):
                out.append(v)
    target = rng.randint(min(max(least, len(out)), most), most) if most >= len(out) else len(out)
    for v in rng.sample(values, len(values)):
        if len(out) >= target:
            break
        if fits(v):
            out.append(v)
    return out


def reaching(rng: random.Random, weighted: Sequence[tuple[Any, int]], reach: int) -> list:
    """Values at random whose weights total at least ``reach`` with none beyond need (all, if they total less).

    Values are taken in a random order until the total is reached, then any one whose loss still
    leaves ``reach`` is put back, in a random order, so every pick is needed.
    """
    order = rng.sample(list(weighted), len(weighted))
    out: list[tuple[Any, int]] = []
    for vw in order:
        if sum(w for _v, w in out) >= reach:
            break
        out.append(vw)
    for vw in rng.sample(out, len(out)):
        if sum(w for _v, w in out) - vw[1] >= reach:
            out.remove(vw)
    return [v for v, _w in out]


def reached(weighted: Sequence[tuple[Any, int]], picked: Sequence[Any], reach: int) -> str:
    """Why ``picked`` is not within a ``reach`` option over ``weighted`` ("" when it is): short, or one beyond need."""
    weight = dict(weighted)
    total = sum(weight.get(v, 0) for v in picked)
    if total < min(reach, sum(weight.values())):
        return f"they total {total}, short of {reach}"
    spare = [v for v in picked if total - weight.get(v, 0) >= reach]
    return f"{spare[0]} is beyond need: the others total {total - weight[spare[0]]}" if spare else ""


def choice(command: str, fixed: dict | None = None, options: list[Option] | None = None, *,
           positional: bool = False, **kw) -> Choice:
    """A Choice whose head is the command and its fixed fields, ``k=v`` (or bare values if positional)."""
    fixed = fixed or {}
    head = " ".join([command] + [str(v) if positional else f"{k}={v}" for k, v in fixed.items()])
    return Choice(command=command, head=head, fixed=fixed, options=options or [], **kw)
