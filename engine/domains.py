"""The domain of every scenario field, checked when a scenario file is loaded.

The spec Structs (events/setup.py) are also the payloads of logged setup
events, so no constraint is put on them: a msgspec Meta bound there would make
an old log holding an out-of-domain value fail to decode. Files are checked
here instead, after decoding and before anything is written (docs/design.md,
"Scenario domains"); docs/scenario.md lists each domain.
"""
from __future__ import annotations

import re
from typing import get_args

import msgspec

from turnlog.projections.narrative import CONTROLS

from .dice import COMBINE
from .kit.sequence import PRESETS, phases

#: (lowest, highest) of every int field, by the Struct that holds it.
INT_RANGES: dict[tuple[str, str], tuple[int, int]] = {
    ("DieSpec", "sides"): (2, 1000),
    ("DieSpec", "lowest"): (-1000, 1000),
    ("DiceSpec", "count"): (1, 100),
    ("DiceSpec", "sides"): (2, 1000),
    ("DiceSpec", "lowest"): (-1000, 1000),
    ("RulesSpec", "stacking_limit"): (1, 99),
    ("RulesSpec", "partial_supply_ctl_penalty"): (0, 10),
    ("RulesSpec", "unsupplied_ctl_penalty"): (0, 10),
    ("RulesSpec", "edition"): (0, 6),  # 0: the current edition (events/setup.py EDITION)
    ("NationalitySpec", "ctl"): (0, 10),
    ("NationalitySpec", "winter_prep"): (0, 6),
    ("HexSpec", "col"): (-99_999, 99_999),
    ("HexSpec", "row"): (-99_999, 99_999),
    ("HexSpec", "stacking_limit"): (0, 99),
    ("UnitSpec", "factors"): (0, 999),
    ("UnitSpec", "range"): (0, 999),
    ("UnitSpec", "strength"): (0, 1_000_000),
    ("UnitSpec", "fatigue"): (0, 1000),
    ("UnitSpec", "movement_allowance"): (0, 999),
    ("UnitSpec", "movement_left"): (0, 999),
    ("UnitSpec", "facing"): (0, 5),
    ("UnitSpec", "ratings"): (-1_000_000, 1_000_000),
    ("Feature", "factories"): (0, 99),
    ("Feature", "defence_bonus"): (-100, 1000),
    ("TerrainTypeSpec", "move_cost"): (0, 999),
    ("WifTerrainSpec", "blitz_shift"): (-10, 10),
    ("BuildCostSpec", "bp"): (0, 9999),
    ("BuildCostSpec", "turns"): (0, 999),
    ("PzcTerrainSpec", "assault_pct"): (-99, 1000),  # AS-DIS.3 divides by 100 + M: -100 has no meaning
    ("HexsideSpec", "assault_pct"): (-100, 1000),
    ("WarTerrainSpec", "defence"): (-100, 100),
    ("WeatherSpec", "winter_level"): (0, 10),
    ("TurnSpec", "turn"): (1, 99_999),
    ("EndSpec", "last_turn"): (0, 99_999),  # 0: no end
    ("TurnSpec", "year"): (1, 9999),
}
#: Most entries a list may hold (a 1,000,000-hex map is refused here: docs/scenario.md, "Domains and limits").
def out_of_range(struct: str, field: str, value: int) -> str:
    """Why ``value`` is outside the domain of ``struct.field`` (INT_RANGES), or '' when inside."""
    lo, hi = INT_RANGES[(struct, field)]
    if lo <= value <= hi:
        return ""
    return f"{value} is outside its domain {lo}..{hi} (docs/scenario.md)"


MAX_ITEMS = {"hexes": 200_000, "units": 100_000}
MAX_OTHER_ITEMS = 10_000
MAX_DICE = 100  # named dice in one game
ID_MAX = 64  # ids: 1-64 characters, no spaces or control characters
WORD_MAX = 64  # terrain, front, type, zone...: no control characters
TEXT_MAX = {"name": 200, "reason": 1000, "description": 10_000}  # free text; only `description` keeps line breaks
#: Fields whose value is one of a few words ("" where it means "not given").
CHOICES: dict[tuple[str, str], tuple[str, ...]] = {
    ("HexsideSpec", "river_class"): ("none", "minor", "major"),
    ("PoolSpec", "kind"): ("force", "repair"),
    ("UnitSpec", "strength_kind"): ("", "steps", "points", "factors", "men", "vehicles", "guns"),
    ("TurnSequenceSpec", "preset"): ("", *PRESETS),
    ("DiceSpec", "combine"): COMBINE,
}
#: Vocabulary words (sizes, classes, modes, markers...) and map keys: shaped like ids when given.
WORDS = frozenset({"size", "unit_class", "mode", "markers", "quality", "formation", "pool", "frozen_as",
                   "prohibited_classes", "key", "phases", "level", "parent", "production_phase"})
MAX_PHASES = 50  # phases in one player turn
_SPACE = re.compile(r"\s")


def problems(sc) -> list[str]:
    """Every value outside its field's domain, each with its path (``units[3].factors: ...``)."""
    out: list[str] = []
    for name in type(sc).__struct_fields__:
        items = getattr(sc, name)
        if isinstance(items, list):
            limit = MAX_ITEMS.get(name, MAX_OTHER_ITEMS)
            if len(items) > limit:
                out.append(f"{name}: {len(items)} entries, more than the limit of {limit}")
    if len(sc.dice) > MAX_DICE:
        out.append(f"dice: {len(sc.dice)} named dice, more than the limit of {MAX_DICE}")
    if out:
        return out  # a map over its limit is not checked entry by entry
    _walk(sc, "", out)
    out += seat_domains(sc.seats)
    out += _sequence(sc.rules.turn_sequence)
    out += _procedures(sc.rules.procedures)
    out += _build_costs(sc.rules.wif.build_costs)
    if not out and sc.turn.phase not in phases(sc.rules):
        out.append(f"turn.phase: {sc.turn.phase!r} is not a phase ({', '.join(phases(sc.rules))})")
    return out


def seat_domains(seats, where: str = "seats") -> list[str]:
    """Each seated faction and actor, the referee and the host, when given, is an id."""
    out = []
    for f, actor in seats.factions.items():
        for what, v in (("a faction", f), ("an actor", actor)):
            if not is_id(v):
                out.append(f"{where}.factions.{f[:ID_MAX]}: " + id_problem(v, what))
    for field in ("referee", "host"):
        v = getattr(seats, field)
        if v and not is_id(v):
            out.append(f"{where}.{field}: " + id_problem(v, "an actor"))
    return out


MAX_PROCEDURES = 16


def _procedures(names: list[str]) -> list[str]:
    """rules.procedures: ids, each once, at most MAX_PROCEDURES (that each is registered is checked at creation)."""
    out = []
    if len(names) > MAX_PROCEDURES:
        return [f"rules.procedures: {len(names)} entries, more than the limit of {MAX_PROCEDURES}"]
    for i, n in enumerate(names):
        if not is_id(n):
            out.append(f"rules.procedures[{i}]: " + id_problem(n, "a procedure kind's name"))
        elif n in names[:i]:
            out.append(f"rules.procedures[{i}]: {n!r} is named twice")
    return out


def _build_costs(costs) -> list[str]:
    """rules.wif.build_costs: one entry per class (a second would leave the cost in doubt)."""
    types = [c.unit_class.upper() for c in costs]
    return [f"rules.wif.build_costs[{i}].unit_class: {t!r} is given twice"
            for i, t in enumerate(types) if t in types[:i]]


def _sequence(spec) -> list[str]:
    """Check a turn sequence beyond its words: a list given with a preset is the preset's, no phase twice.

    A preset with its list spelled out is what GameCreated records (engine/kit/sequence.py resolve()).
    """
    where, out = "rules.turn_sequence", []
    if spec.preset in PRESETS and spec.phases and tuple(spec.phases) != PRESETS[spec.preset]:
        out.append(f"{where}.phases: not the phases of preset {spec.preset!r}; give one or the other")
    if len(spec.phases) > MAX_PHASES:
        out.append(f"{where}.phases: {len(spec.phases)} entries, more than the limit of {MAX_PHASES}")
    for i, p in enumerate(spec.phases):
        if not p:
            out.append(f"{where}.phases[{i}]: a phase may not be empty")
        elif p in spec.phases[:i]:
            out.append(f"{where}.phases[{i}]: {p!r} is listed twice")
    return out


def _walk(obj: msgspec.Struct, path: str, out: list[str]) -> None:
    owner = type(obj).__name__
    # the names only: ``msgspec.structs.fields`` resolves every annotation again on each call, which
    # made this walk most of a scenario's load
    for name in type(obj).__struct_fields__:
        v = getattr(obj, name)
        where = f"{path}{name}"
        if isinstance(v, msgspec.Struct):
            _walk(v, where + ".", out)
        elif isinstance(v, list):
            for i, x in enumerate(v):
                if isinstance(x, msgspec.Struct):
                    _walk(x, f"{where}[{i}].", out)
                else:
                    _text(owner, name, x, f"{where}[{i}]", out)
        elif isinstance(v, dict):
            for k, x in v.items():
                if isinstance(x, int) and not isinstance(x, bool):  # a map of numbers (ratings, move costs)
                    _text(owner, "key", k, f"{where}.{k}", out)
                    _int(owner, name, x, f"{where}.{k}", out)
                elif isinstance(x, msgspec.Struct) and name == "dice":  # named dice: a name is an id
                    _text(owner, "id", k, f"{where}.{k}", out)
                    _walk(x, f"{where}.{k}.", out)
                # other maps (combat tables by name) are checked where they are loaded
        elif isinstance(v, bool):
            continue
        elif isinstance(v, int):
            _int(owner, name, v, where, out)
        elif isinstance(v, str):
            _text(owner, name, v, where, out)


def _int(owner: str, field: str, v: int, where: str, out: list[str]) -> None:
    lo, hi = INT_RANGES[(owner, field)]
    if not lo <= v <= hi:
        out.append(f"{where}: {v} is outside {lo}..{hi}")


#: The id alphabet: visible ASCII (letters, digits, punctuation). Anything else could be a
#: look-alike of an id already there (a zero-width space, U+2010 for "-", Arabic-Indic digits, Cyrillic letters).
_ID = re.compile(r"[!-~]+")
ID_RULE = (f"1-{ID_MAX} characters, each a visible ASCII one (a letter, a digit or punctuation): "
           "no space, no control character, nothing outside ASCII")


def is_id(v: str) -> bool:
    """1-64 visible ASCII characters: every id's domain (docs/scenario.md, "The id alphabet")."""
    return bool(v) and len(v) <= ID_MAX and _ID.fullmatch(v) is not None


def id_problem(v: str, what: str = "an id") -> str:
    """Why ``v`` is no id, naming the first character outside the alphabet; '' for an id."""
    if is_id(v):
        return ""
    bad = next((i for i, ch in enumerate(v) if not _ID.fullmatch(ch)), None)
    where = f"; U+{ord(v[bad]):04X} at position {bad + 1} is not" if bad is not None else ""
    return f"{v[:ID_MAX]!r}: {what} is {ID_RULE}{where}"


def _text(owner: str, field: str, v: str, where: str, out: list[str]) -> None:
    choices = CHOICES.get((owner, field))
    if choices is not None:
        if v not in choices:
            out.append(f"{where}: {v[:40]!r} is not one of {', '.join(repr(c) for c in choices)}")
        return
    if field == "id" or (field in WORDS and v):
        what = "an id" if field == "id" else "a word"
        if not v:
            out.append(f"{where}: an id may not be empty")
        elif not is_id(v):
            out.append(f"{where}: " + id_problem(v, what))
        return
    limit = TEXT_MAX.get(field, WORD_MAX)
    if len(v) > limit:
        out.append(f"{where}: {len(v)} characters, more than the limit of {limit}")
    text = v.replace("\n", "") if field == "description" else v
    if CONTROLS.search(text):
        out.append(f"{where}: {v[:40]!r}: control characters are not allowed")


def _spec_int_fields(root: type[msgspec.Struct]) -> set[tuple[str, str]]:
    """(Struct, field) of every int field under ``root`` (the test passes Scenario and checks each has a range).

    ``root`` is passed in because engine/scenario.py imports this module.
    """
    out, todo, seen = set(), [root], set()
    while todo:
        cls = todo.pop()
        if cls in seen:
            continue
        seen.add(cls)
        for f in msgspec.structs.fields(cls):
            if f.type is int or set(get_args(f.type)) in ({int, type(None)}, {str, int}):
                out.add((cls.__name__, f.name))  # an int, an optional int, or a map of ints
            for t in (f.type, *get_args(f.type)):
                if isinstance(t, type) and issubclass(t, msgspec.Struct):
                    todo.append(t)
    return out
