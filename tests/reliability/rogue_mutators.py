"""The rogue harness's mutators: what a dishonest client appends through the log's own API.

Each mutator gets a Ctx (a copy of an honest game played up to a target command) and appends rogue
rows with ``EventLog.append`` (signed, in a signed game, with the named actor's own registered key,
so the signature check passes). It returns a Rogue: the seqs verify may name (from the rogue
command's first row to its first changed row; None when no row is rogue, as for an extra schema
trigger), or None when the mutation does not apply to the target (no such field, no die rolled).
tests/reliability/rogue.py runs them and asks verify.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass

import msgspec
from turnlog.engine import commands as c
from turnlog.engine import signatures as SG
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.events.codec import encode
from turnlog.events.game import UnitEliminated

from . import rogue_games as RG

RULE = re.compile(r"^\d+(\.\d+)*[A-Za-z]?$|^[A-Z]{2,}-[A-Z]+(\.\d+)*")


@dataclass
class Rogue:
    lo: (
        int | None
    )  # the first seq verify may name (the rogue command's first row), None: no row is rogue
    hi: int | None  # the last: the first row whose bytes an honest engine would not write
    what: str  # one line: what was written


@dataclass
class Ctx:
    g: Game
    target: RG.Target
    signed: bool
    rng: random.Random

    @property
    def actor(self) -> str:
        return RG.actor_for(self.g.state, self.target.command)

    def last(self) -> int:
        return self.g.log.last()[0]

    def write(self, rows: list, ctype: str, payload, actor: str) -> int:
        """Append one rogue command (signed by ``actor``'s own key when signed); its first seq."""
        payload = payload if isinstance(payload, str) else msgspec.json.encode(payload).decode()
        signer = RG.signer(actor) if self.signed and actor else None  # no actor: unsigned
        sign = SG.signing(signer, actor, ctype, payload, self.g.state.game_id)
        first = self.last() + 1
        self.g.log.append(
            rows,
            expected_seq=first - 1,
            actor=actor,
            command_type=ctype,
            payload=payload,
            sign=sign,
        )
        return first

    def payload(self, cmd: c.Command | None = None) -> str:
        return c.encode(cmd or self.target.command).decode()

    def honest(self) -> list:
        return RG.honest_rows(self.g, self.target.command)

    def play(self, cmd: c.Command | None = None) -> tuple[int, int]:
        """Issue ``cmd`` (default: the target) honestly; its (command id, first seq)."""
        cmd = cmd or self.target.command
        first = self.last() + 1
        self.g.execute(cmd, actor=RG.actor_for(self.g.state, cmd))
        return RG.last_command(self.g)[0], first

    def on_board(self) -> list[str]:
        return sorted(u for u, s in self.g.state.units.items() if s.hex and not s.eliminated)


def row(event) -> tuple[str, int, str, bool]:
    return (type(event).__name__, event.version, encode(event).decode(), False)


def _rows(rows: list) -> list[dict]:
    return [msgspec.json.decode(r[2]) for r in rows]


# -- one command's events changed ------------------------------------------------------------------


def wrong_events(x: Ctx) -> Rogue:
    unit = x.on_board()[0]
    first = x.write(
        [row(UnitEliminated(unit=unit, rule="14.51"))], x.target.ctype, x.payload(), x.actor
    )
    return Rogue(first, first, f"{x.target.ctype} logged with one event eliminating {unit}")


def drop_event(x: Ctx) -> Rogue | None:
    rows = x.honest()
    if len(rows) < 2:
        return None
    first = x.write(rows[:-1], x.target.ctype, x.payload(), x.actor)
    return Rogue(
        first, first + len(rows) - 1, f"{x.target.ctype} without its last event ({rows[-1][0]})"
    )


def extra_event(x: Ctx) -> Rogue:
    rows = x.honest()
    first = x.write(rows + [rows[-1]], x.target.ctype, x.payload(), x.actor)
    return Rogue(
        first, first + len(rows), f"{x.target.ctype} with its last event ({rows[-1][0]}) twice"
    )


def _leaves(doc, path=()):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _leaves(v, path + (i,))
    else:
        yield path, doc


def _field(kind: str) -> Callable[[Ctx], Rogue | None]:
    """A mutator changing the command's first event leaf of class ``kind`` (unit, hex, number, die,
    rule)."""

    def mutate(x: Ctx) -> Rogue | None:
        rows, units, hexes = (
            x.honest(),
            x.on_board() + sorted(x.g.state.units),
            sorted(x.g.state.hexes),
        )
        for j, r in enumerate(rows):
            doc = msgspec.json.decode(r[2])
            for path, v in _leaves(doc):
                new = _changed(kind, r[0], path, v, units, hexes)
                if new is not None:
                    _set(doc, path, new)
                    rogue = (
                        rows[:j]
                        + [(r[0], r[1], msgspec.json.encode(doc).decode(), r[3])]
                        + rows[j + 1 :]
                    )
                    first = x.write(rogue, x.target.ctype, x.payload(), x.actor)
                    return Rogue(
                        first,
                        first + j,
                        f"{x.target.ctype}: {r[0]}.{'.'.join(map(str, path))} {v!r} -> {new!r}",
                    )
        return None

    mutate.__name__ = f"field_{kind}"
    return mutate


def _changed(kind: str, etype: str, path: tuple, v, units: list[str], hexes: list[str]):
    key = next((p for p in reversed(path) if isinstance(p, str)), "")
    if isinstance(v, bool) or v is None:
        return None
    if kind == "die":
        return (
            (v % 6) + 1
            if etype == "DieRolled" and key in ("value", "faces") and isinstance(v, int)
            else None
        )
    if kind == "number":
        return (
            v + 1
            if isinstance(v, int) and etype != "DieRolled" and key not in ("command_id", "at_seq")
            else None
        )
    if not isinstance(v, str):
        return None
    if kind == "unit" and v in units:
        return next(u for u in units if u != v)
    if kind == "hex" and v in hexes:
        return next(h for h in hexes if h != v)
    if kind == "rule" and key == "rule" and RULE.match(v):
        return v[:-1] + ("Z" if v[-1] != "Z" else "Y")
    return None


def _set(doc, path, value) -> None:
    for p in path[:-1]:
        doc = doc[p]
    doc[path[-1]] = value


def _edits(x: Ctx):
    """(path, old, new, edited payload) for each leaf of the payload changed by one step."""
    for path, v in _leaves(msgspec.json.decode(x.payload())):
        if path == ("type",) or isinstance(v, bool):
            continue
        new = v % 6 + 1 if isinstance(v, int) else (v + "x" if isinstance(v, str) else None)
        if new is not None:
            edited = msgspec.json.decode(x.payload())
            _set(edited, path, new)
            yield path, v, new, edited


def decided(x: Ctx, payload: dict) -> list | None:
    try:
        return RG.honest_rows(x.g, c.parse(msgspec.json.encode(payload)))
    except (CommandError, RuleViolation):
        return None  # refused by the rules


def payload_edit(x: Ctx) -> Rogue | None:
    """The honest events under a payload changed in one leaf (when the rules give other events)."""
    rows = x.honest()
    for path, v, new, edited in _edits(x):
        if decided(x, edited) != rows:  # the same events would be an honest log of another command
            first = x.write(rows, x.target.ctype, edited, x.actor)
            return Rogue(
                first,
                first,
                f"{x.target.ctype}: payload {'.'.join(map(str, path))} {v!r} -> {new!r}, "
                "the events of the original",
            )
    return None


def payload_swap(x: Ctx) -> Rogue | None:
    """The events the rules give for a payload changed in one leaf (an entered face, say), logged
    under the original payload."""
    rows = x.honest()
    for path, v, new, edited in _edits(x):
        other = decided(x, edited)
        if other is not None and other != rows:
            j = next(i for i, (a, b) in enumerate(zip(other + [None], rows + [None])) if a != b)
            first = x.write(other, x.target.ctype, x.payload(), x.actor)
            return Rogue(
                first,
                first + j,
                f"{x.target.ctype}: the events of payload {'.'.join(map(str, path))} "
                f"= {new!r} logged under {v!r}",
            )
    return None


def wrong_actor(x: Ctx) -> Rogue | None:
    """The honest events, issued (and signed) by a seated player whose seat may not issue them."""
    who = RG.outsider(x.g.state, x.target.command)
    if who is None:
        return None
    first = x.write(x.honest(), x.target.ctype, x.payload(), who)
    return Rogue(first, first, f"{x.target.ctype} issued by {who}, whose seat may not issue it")


def _retyped(ctype: str) -> Callable[[Ctx], Rogue | None]:
    """A mutator logging the honest events under another command type (RevealSeed, LoadScenario)."""

    def mutate(x: Ctx) -> Rogue | None:
        if x.target.ctype == ctype:
            return None
        who = RG.outsider(x.g.state, x.target.command) or x.actor
        payload = (
            {"type": ctype, "name": "mid-game"} if ctype == "LoadScenario" else {"type": ctype}
        )
        if ctype == "AddNote":
            payload["text"] = "a note"
        first = x.write(x.honest(), ctype, payload, who)
        return Rogue(
            first, first, f"{x.target.ctype}'s events logged as a {ctype} command by {who}"
        )

    mutate.__name__ = f"as_{ctype}"
    return mutate


#: Mutators tried on every target (each returns None where it does not apply); undo and redo are
#: rogue_undo.py's, the cache's rogue_extra.py's.
PER_TARGET: dict[str, Callable[[Ctx], Rogue | None]] = {
    "wrong_events": wrong_events,
    "drop_event": drop_event,
    "extra_event": extra_event,
    **{f"field_{k}": _field(k) for k in ("unit", "hex", "number", "die", "rule")},
    "payload_edit": payload_edit,
    "payload_swap": payload_swap,
    "wrong_actor": wrong_actor,
    **{f"as_{t}": _retyped(t) for t in ("RevealSeed", "LoadScenario", "AddNote")},
}
