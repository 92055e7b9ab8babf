"""What the REPL's ``why`` and ``odds`` say about a WiF land combat: the rules behind an event, the chances.

Read-only answers from the board before the event (``why``) or at the cursor (``odds``); the faces print
them (engine/faces/explain.py, repl/rules.py).
"""
from __future__ import annotations

from collections import Counter
from fractions import Fraction

from turnlog.events import wif as w
from turnlog.events import wif_losses as wl
from turnlog.events.editions import applies
from turnlog.projections.state import GameState

from ..dice import as_dice
from ..errors import CommandError
from ..kit import tables as T
from . import results_text, r1_table as tb, rulings


def _combat(state: GameState, pid: str):
    got = state.kinds.get("wif")
    return got.procedures.get(pid) if got is not None else None


def why(state: GameState, ev) -> list[str]:
    """The clauses behind one land-combat event, read against the board just before it."""
    match ev:
        case w.ArmPointsCounted():
            out = [f"  {p.side} {p.unit}: {p.points} ARM = " + ("; ".join(str(m) for m in p.reasons) or
                                                             "its type counts 0 (11.16.5-T4, T5)") for p in ev.units]
            return out + [f"  contributors to the attacker's ARM (R4a, W12): {', '.join(ev.contributors) or 'none'}"]
        case w.TableChooserDetermined():
            return [f"  {ev.rule}: {ev.reason}"]
        case w.CombatTableChosen():
            return [f"  {m}" for m in ev.modifiers] + [f"  {n}" for n in ev.notes] + \
                [f"  11.16.5-R1: odds {ev.odds} read column {ev.column}"]
        case w.LandCombatResultDetermined():
            each = sum(m.value for m in ev.modifiers if m.applies_to == "attacker_die")
            return [f"  option 43: attacker's die {ev.attacker_die}, defender's die {ev.defender_die}, each {each:+d} "
                    f"(11.16.5-T7): row {ev.row}", f"  11.16.5-R1: the {ev.table} table's cell is {ev.cell}"]
        case w.LandCombatBegun():
            if applies(state, rulings.ODDS_FROM_BOARD):
                return [f"  11.16.4 (edition 5): odds {ev.odds}, the board's factors and multipliers "
                        "with the claimed air support (given odds read the board's column in fair play); "
                        "weather, multipliers and flags are the host's facts"]
            return ["  the host's facts (odds, weather, multipliers, flags): the texts compute none of them"]
        case _ if isinstance(ev, wl.WifLossEvent.__args__):
            return results_text.why(state, ev)
    return [f"  {type(ev).__name__} (11.16.5)"]


def odds(state: GameState, pid: str) -> list[str]:
    """The chance of each cell over both dice against the loaded table, with the table chosen (or each table)."""
    combat = _combat(state, pid)
    if combat is None:
        raise CommandError(f'no land combat "{pid}"')
    named = state.dice.get(state.rules.wif.die) if state.rules.wif.die else None
    spec = named or as_dice(state.die)  # the scenario's check makes a named die one it declares
    faces = range(spec.lowest, spec.lowest + spec.sides)
    out = [f"{pid}: ARM {combat.arm_attacker} vs {combat.arm_defender}; the {combat.chooser or '?'} chooses"]
    for kind in ([combat.table] if combat.table else list(tb.TABLES)):
        table = tb.loaded(state, kind)
        by = tb.shift(state, combat, kind)[0] if not combat.table else 0
        col = combat.column or tb.column(table, combat.odds, by).name
        each = sum(m.value for m in tb.bonus(state, combat, kind)[0] if m.applies_to == "attacker_die")
        # In the table's own order, row by row from the lowest sum: the reader finds each cell where the
        # printed table has it, not ranked by how likely it is.
        sums = sorted(a + d for a in faces for d in faces)
        cells = Counter(T.lookup(table, col, s + 2 * each).cell for s in sums)
        n = spec.sides ** 2
        out.append(f"  {kind} table, column {col}, {each:+d} on each die, in the table's order: " + ", ".join(
            f"{cell} {Fraction(k, n)} ({100 * k / n:.0f}%)" for cell, k in cells.items()))
    return out
