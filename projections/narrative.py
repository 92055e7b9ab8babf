"""Human-readable lines for the log, the demo and the REPL, citing rules."""
from __future__ import annotations

import re
from typing import Callable

import msgspec

from turnlog.events import game as g
from turnlog.events import setup as s


# C0 and C1 controls, DEL, and the format characters that move or reorder what a terminal shows
# (line/paragraph separators, bidi embeddings, overrides and isolates): never printed raw.
CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(m: re.Match) -> str:
    ch = m.group()
    return _NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def printable(text: str, keep: str = "") -> str:
    """``text`` safe for a terminal: each control character as an escape (``\\n``, ``\\x1b``, ``\\u202e``).

    Every human-readable output goes through this (log, show, diff, repl, verify, messages), so
    text from a log or a file can neither forge a line nor send a terminal an escape sequence.
    ``keep`` names characters a multi-line text keeps (its own line breaks: "\\n").
    """
    if keep:
        return keep[0].join(printable(part, keep[1:]) for part in text.split(keep[0]))
    return CONTROLS.sub(_escape, text)


def quoted(text: str) -> str:
    """Free text (a note, a reason) in double quotes, escaped: visibly one value, on one line."""
    return '"' + printable(text.replace("\\", "\\\\").replace('"', '\\"')) + '"'


#: An elimination's reason that sends the unit somewhere other than the force pool (a WiF
#: kampfgruppe to its repair pool): "<as what>, to <place> instead (<rule>)". The line names that
#: one place.
_ELSEWHERE = re.compile(r"(?P<what>.+), to (?P<place>.+) instead \((?P<rule>[^()]+)\)")


def _eliminated(unit: str, rule: str, why: str) -> str:
    """Where an eliminated unit went, with the rule that sent it there."""
    m = _ELSEWHERE.fullmatch(why)
    if m:
        return f"{unit} eliminated ({rule}), to {m['place']} as {m['what']} ({m['rule']})"
    return f"{unit} eliminated, to the force pool ({rule}{': ' + why if why else ''})"


def listed(ids) -> str:
    """Ids joined for a narrative line, or "none": how every kind's narrative names a set of units or hexes."""
    return ", ".join(ids) or "none"


def line(event, author: str | None = None) -> str:
    """One sentence for one event, on one line with its controls escaped; every rule names its rule.

    ``author`` is the actor of the command that wrote a note, when the caller knows it.
    """
    if type(event) is g.NoteAdded:
        by = "" if author is None else f" by {author or '(no actor named)'}"
        return printable(f"note{by}: {quoted(event.text)}")
    return printable(_line(event))


def _tables(tables: list[s.TableRecord]) -> str:
    """The combat tables a game was created with; an invented one says so (docs/tables.md)."""
    return "; combat tables: " + ", ".join(
        f"{t.name}{' (INVENTED, not from any game)' if t.invented else ''} sha256 {t.sha256[:16]}… "
        f"from {quoted(t.source)}" for t in tables)


#: event type name -> the sentence of a registered kind's event (engine/kinds.py ``register``).
NARRATORS: dict[str, Callable[[object], str]] = {}


def shown(roll: g.DieRolled) -> str:
    """A roll's result: several faces and what they make (``3+5 = 8``), a draw (``417 of 1000``), one face."""
    if roll.of:
        return f"{roll.value} of {roll.of}"
    return f"{'+'.join(map(str, roll.faces))} = {roll.value}" if roll.faces else str(roll.value)


def _how(roll: g.DieRolled) -> str:
    """Where a roll came from, as the plain die's line says it."""
    if roll.shares:
        return f" (joint dice: the shares of {', '.join(roll.shares)})"
    return " (entered by hand)" if roll.entered else " (committed seed)"


def _dice(named: dict[str, s.DiceSpec]) -> str:
    """The named dice a game was created with: ``pair 2d6 sum``, ``attacker d10 read 0-9``."""
    return "; named dice: " + ", ".join(
        f"{n} {'' if d.count == 1 else d.count}d{d.sides} read {d.lowest}-{d.lowest + d.sides - 1}"
        + (f" ({d.combine})" if d.count > 1 else "") for n, d in named.items())


def _line(event) -> str:
    told = NARRATORS.get(type(event).__name__)
    if told is not None:
        return told(event)
    match event:
        case s.GameCreated(dice=named) if named:
            return _line(msgspec.structs.replace(event, dice={})) + _dice(named)
        case s.GameCreated(tables=ts) if ts:
            return _line(msgspec.structs.replace(event, tables=[])) + _tables(ts)
        case s.GameCreated(name=n, joint_dice=js, die=d) if js:
            return (f"game '{n}' created; joint dice: the secrets of "
                    f"{', '.join(j.holder for j in js)} committed, each roll needs every one's "
                    f"share (d{d.sides} read {d.lowest}-{d.lowest + d.sides - 1})")
        case s.GameCreated(name=n, seed_sha256=h, die=d, seed_public=True):
            return (f"game '{n}' created with a PUBLIC dice seed (sha256 {h[:16]}…): anyone can "
                    f"predict every roll (d{d.sides} read {d.lowest}-{d.lowest + d.sides - 1})")
        case s.GameCreated(name=n, seed_sha256=h, die=d):
            return (f"game '{n}' created; dice seed committed as sha256 {h[:16]}… "
                    f"(d{d.sides} read {d.lowest}-{d.lowest + d.sides - 1})")
        case s.FactionDefined(faction=f):
            return f"faction {f.id} ({f.name or f.id}) on side {f.side}"
        case s.NationalityDefined(nationality=n):
            return (f"nationality {n.id} of {n.faction}: CTL {n.ctl}, winter preparation "
                    f"{n.winter_prep}")
        case s.HexDefined(hex=h):
            return (f"hex {h.id}: {h.terrain}, {h.front or 'no'} front, controlled by "
                    f"{h.controller or 'nobody'}")
        case s.HexsideDefined(hexside=hs):
            kinds = [f"{hs.river_class} river" if k == "river" and hs.river_class != "none" else k
                     for k in ("river", "crossing_arrow", "all_water", "impassable", "bridge",
                               "ford", "road")
                     if getattr(hs, k)]
            fort = [f"fortified by {hs.fortified_by}"] if hs.fortified_by else []
            return f"hexside {hs.a}/{hs.b}: {', '.join(kinds + fort) or 'plain'}"
        case s.BoxDefined(box=b):
            return f"box {b.id}{' (off-board)' if b.offboard else ''}"
        case s.SupplySourceDefined(source=x):
            return f"supply source {x.id} of {x.faction}{' (unlimited)' if x.unlimited else ''}"
        case s.UnitPlaced(unit=u):
            where = u.hex or (f"box {u.box}" if u.box else f"pool {u.pool}" if u.pool else "force pool")
            return f"{u.id}: {u.nationality} {u.type} ({u.factors}) at {where}"
        case s.TerrainTypeDefined(terrain_type=tt):
            return f"terrain type {tt.id}{' (' + tt.name + ')' if tt.name else ''}"
        case s.PoolDefined(pool=p):
            return f"{p.kind} pool {p.id} of {p.faction}"
        case s.FormationDefined(formation=f):
            return (f"{f.level} "
                    f"{f.id}{' (' + f.name + ')' if f.name else ''}{' of ' + f.parent if f.parent else ''}")
        case s.RestrictionDefined(restriction=r):
            return f"{r.attacker} may not attack {r.defender}{': ' + r.reason if r.reason else ''}"
        case g.GameTurnStarted(turn=t, season=se, year=y):
            return f"game turn {t}: {se} {y}"
        case g.PlayerTurnStarted(faction=f):
            return f"player turn of {f}"
        case g.PhaseStarted(phase=p):
            return f"{p} phase"
        case g.PlayerTurnEnded(faction=f):
            return f"{f} ended its player turn (turn.seats)"
        case g.GameEnded(turn=t, reason=r, rule=rule):
            return f"game over in game turn {t}: {r} ({rule})"
        case g.WeatherSet(weather=w):
            return (f"weather zone {w.zone}: winter level "
                    f"{w.winter_level}{', swamps frozen' if w.frozen_swamps else ''}")
        case g.UnitMoved(unit=u, to_hex=h, to_box=b):
            return f"{u} moved to {h or 'box ' + b}"
        case g.UnitsTookOffensive(units=us):
            return f"took part in offensive operations: {', '.join(us)}"
        case g.ControlChanged(hex=h, faction=f, rule=r):
            return f"{h} now controlled by {f}" + (f" ({r})" if r else "")
        case g.SupplyChanged(unit=u, supply=sp):
            return f"{u} supply: {sp}"
        case g.UnitAirdropped(unit=u, from_hex=h):
            return f"{u} airdropped from {h}"
        case g.FeaturePlaced(hex=h, feature=f):
            return f"{f.kind} placed in {h}"
        case g.FeatureRemoved(hex=h, kind=k, rule=r):
            return f"{k} in {h} removed" + (f" ({r}: its hex lost its last ground unit)" if r == "14.523" else "")
        case g.UnitEliminated(unit=u, rule=r, reason=why):
            return _eliminated(u, r, why)
        case g.UnitRetreated(unit=u, from_hex=f, to_hex=t, rule=r, evils=ev):
            return f"{u} retreats {f} -> {t} ({r}{'; ' + ', '.join(ev) if ev else ''})"
        case g.UnitAdvanced(unit=u, from_hex=f, to_hex=t, rule=r):
            return f"{u} advances {f} -> {t} ({r})"
        case g.UnitDisplaced(unit=u, from_hex=f, to_hex=t, rule=r):
            return f"{u} displaced {f} -> {t} ({r})"
        case g.OverstackMarked(hex=h, rule=r):
            return f"{h} overstacked: remedy in the next movement phase ({r})"
        case g.CommandUndone(command_id=cid, override=o, referee=ref, reason=why):
            return f"command {cid} undone" + (" by referee override "
                                              f"({ref}{': ' + quoted(why) if why else ''})"
                                              if o else "")
        case g.DieRolled(key=k, of=n) if n:
            return f"draw {k} = {shown(event)}{_how(event)}"
        case g.DieRolled(key=k, dice=d) if d:
            return f"die rolled for {k}: {d} {shown(event)}{_how(event)}"
        case g.DieRolled(key=k, value=v, shares=sh) if sh:
            return f"die rolled for {k}: {v} (joint dice: the shares of {', '.join(sh)})"
        case g.DieRolled(key=k, value=v, entered=e):
            return f"die rolled for {k}: {v}{' (entered by hand)' if e else ' (committed seed)'}"
        case g.SeedRevealed(seed=sd):
            return f"dice seed revealed: {sd[:16]}…"
        case g.GameForked(game_id=gid, forked_from=was, at_seq=at, own_dice=own):
            return (f"forked at seq {at}" + (f" from game {was}" if was else "")
                    + f": this game is {gid}" + ("; its dice are its own" if own else ""))
        case g.SecretRevealed(holder=h, secret=sd):
            return f"joint-dice secret of {h} revealed: {sd[:16]}…"
    return type(event).__name__
