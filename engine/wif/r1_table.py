"""The chosen table: the user's file (R1), the odds shift (T8, T9), the ARM bonus (T7), the cell (R1, R2).

turnlog ships no WiF table: the scenario names the user's files in ``tables`` and ``rules.wif`` says which
name is blitz and which assault. A table is read by odds; past its last column each whole ratio is one
more level, so a shift counts from the odds as they were and only the end is clamped (reading W8).
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from turnlog.events.base import Modifier
from turnlog.events.editions import applies
from turnlog.events.setup import TableRecord
from turnlog.projections.state import GameState
from turnlog.projections.wif import LandCombat

from . import rulings
from ..errors import RuleViolation
from ..kit import odds as kodds
from ..kit import tables as T
from ..kit.modifiers import round_as
from . import t2_chooser as ch

TABLES = ("blitz", "assault")
#: 11.16.5-R1: each table's last column (odds past it read it); both start at 1:2.
ENDS = {"blitz": Fraction(7), "assault": Fraction(10)}
#: 11.16.5-T7, reading W18: the weather conditions in which the ARM bonus may apply.
BONUS_WEATHER = ("fine", "snow")
HOW = ("a table file in the kit's format (docs/tables.md), read by odds (columns_by = \"odds\") with the "
       "\"sides\" cell grammar, naming its `source` and `licence`; list it in the scenario's tables "
       "(tables = {{ {name} = \"my-{kind}.toml\" }}). turnlog ships no World in Flames table")


def name_of(state: GameState, kind: str) -> str:
    w = state.rules.wif
    return w.blitz_table if kind == "blitz" else w.assault_table


@lru_cache(maxsize=16)
def _parsed(rec: TableRecord) -> T.Table:
    return T.from_record(rec)


def loaded(state: GameState, kind: str) -> T.Table:
    """The user's ``kind`` table from the game's log; refused (R1) with how to supply one."""
    name = name_of(state, kind)
    rec = state.tables.get(name)
    if rec is None:
        raise RuleViolation("11.16.5-R1", f"no {kind} table: this game was created without a table named "
                            f"'{name}'. Supply " + HOW.format(name=name, kind=kind))
    table = _parsed(rec)
    top = table.spec.columns[-1].min if table.spec.columns else None
    if table.spec.columns_by != "odds" or table.spec.cell_grammar != "sides" or not str(top).endswith(":1"):
        raise RuleViolation("11.16.5-R1", f"table '{name}' cannot be read as the {kind} table: it needs "
                            + HOW.format(name=name, kind=kind).split("; list")[0] + ", its last column n:1")
    if applies(state, rulings.TABLE_ENDS) \
            and (_odds(table.spec.columns[0].min), _odds(top)) != (Fraction(1, 2), ENDS[kind]):
        raise RuleViolation("11.16.5-R1", f"table '{name}' runs from {table.spec.columns[0].min} to {top}; R1 reads "
                            f"odds below 1:2 on a 1:2 column and odds past {ENDS[kind]}:1 on the {kind} table's "
                            "last column, so its columns must start at 1:2 and end at "
                            f"{ENDS[kind]}:1")
    return table


def _odds(text) -> Fraction | None:
    try:
        return kodds.parse_ratio(text)
    except (TypeError, ValueError):
        return None


def shift(state: GameState, combat: LandCombat, table: str) -> tuple[int, str, str]:
    """The odds levels the choice costs: the T9 row when the attacker chose blitz, else none (T8, W19)."""
    r = ch.row(state, combat.hex)
    if table != "blitz" or combat.chooser != "attacker":
        why = "the defender chose the table" if combat.chooser == "defender" else "the assault table"
        return 0, "11.16.5-T8", f"no odds shift: {why}"
    return r.shift, r.rule, r.reason


def bonus(state: GameState, combat: LandCombat, table: str) -> tuple[list[Modifier], str]:
    """11.16.5-T7: a quarter of the ARM difference on both dice (W2 rounding, W3 either chooser), or why not."""
    r = ch.row(state, combat.hex)
    if table != "blitz":
        return [], "no ARM bonus: not a blitz"
    if not r.bonus_ok:
        town = " with a city" if ch.is_city(state, combat.hex) else ""
        return [], f"no ARM bonus: {state.hexes[combat.hex].terrain} hex{town}"
    if combat.weather.lower() not in BONUS_WEATHER:
        return [], f"no ARM bonus: {combat.weather or 'no'} weather (W18)"
    d = Fraction(combat.arm_attacker) - Fraction(combat.arm_defender)
    q = int(round_as(d / 4, state.rules.wif.bonus_rounding))
    if not q:
        return [], f"no ARM bonus: a quarter of {d} is 0"
    why = f"ARM bonus: a quarter of {d}"
    return [Modifier(value=q, rule="11.16.5-T7", reason=why, applies_to=f"{s}_die")
            for s in ("attacker", "defender")], why


def column(table: T.Table, odds: str, by: int) -> kodds.Column:
    """The column the odds read after ``by`` levels, clamped to the table's ends (R1, W8)."""
    return kodds.column_of(table, odds, shift_by=by, beyond="whole")


def parts(result) -> tuple[str, str, list[str]]:
    """The cell's attacker and defender parts (R2) and its non-numeric parts in order, each once."""
    if not result.parts:
        return "-", "-", []
    side = []
    flags: list[str] = []
    for p in result.parts:
        side.append(str(p.number) if p.number is not None else ("" if p.code or p.flags else "-"))
        for f in ([p.code] if p.code else []) + list(p.flags):
            if f not in flags:
                flags.append(f)
    return side[0], side[1], flags
