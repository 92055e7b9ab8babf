"""What the REPL's ``why`` says about an assault event: the result broken down to each unit and modifier.

Read-only, from the board just before the event; the faces print it (engine/faces/explain.py).
"""
from __future__ import annotations

from fractions import Fraction

from turnlog.events import assault as a
from turnlog.projections.state import GameState

from . import as_res1_values as values
from .as_res2_results import combat_value


def _proc(state: GameState, pid: str):
    got = state.kinds.get("assault")
    return got.procedures.get(pid) if got is not None else None


def _resolved(state: GameState, ev: a.AssaultResolved) -> list[str]:
    proc = _proc(state, ev.procedure)
    out = []
    if proc is not None:
        t = values.totals(state, proc)
        for side, ids in (("attacker", proc.units), ("defender", proc.defenders)):
            for uid in ids:
                if uid in t.contributions:
                    u = state.units[uid]
                    out.append(f"  {side} {uid}: {u.strength} {u.strength_kind or 'strength'} x weight "
                               f"{values.weight(u)}, assault value {t.contributions[uid]} (AS-RES.1)")
    out += [f"  modifier {m}" for m in ev.modifiers] or ["  no modifier applies (AS-ATK.4 to AS-BOC.1)"]
    av, ad, dv, dd = (Fraction(x) for x in (ev.att_value, ev.att_defence, ev.def_value, ev.def_defence))
    out.append(f"  attackers: total {ev.att_value}, average defence {ev.att_defence}; defenders: total "
               f"{ev.def_value}, average defence {ev.def_defence} (AS-RES.1)")
    out.append(f"  defenders' loss {ev.def_loss}: a draw between {ev.low} and {ev.high} x combat value "
               f"{combat_value(av, dd)} / baseline {ev.baseline}, randomly rounded (AS-RES.2, reading P1)")
    out.append(f"  attackers' loss {ev.att_loss}: the same with combat value {combat_value(dv, ad)} (AS-RES.2)")
    out.append(f"  shown over {proc.hex if proc else 'the hex'} as {ev.att_loss}/{ev.def_loss} (AS-MAP.1)")
    return out


def why(state: GameState, ev) -> list[str]:
    """Lines naming the paragraphs behind one assault event, read on the board just before it."""
    match ev:
        case a.AssaultResolved():
            return _resolved(state, ev)
        case a.AttackerDisruptionScaled():
            return [f"  {ev.loss} lost"] + [f"  {m}" for m in ev.modifiers] + [f"  = {ev.scaled} (AS-DIS.1-3)"]
        case a.AssaultRetreatForced():
            return ["  every defender left is Disrupted or Broken and an attacker is neither (AS-RET.1, reading P18)"]
        case a.UnitStrengthReduced():
            return [f"  {ev.unit} loses {ev.amount} under {ev.rule}" + (" (captured)" if ev.captured else "")]
    return [f"  {type(ev).__name__}: Panzer Campaigns assault (see its narrative)"]


def hex_lines(state: GameState, hex_: str) -> list[str]:
    """What the REPL's ``hex`` shows of the assaults on ``hex_``: each one's phase and its result (AS-MAP.1)."""
    got = state.kinds.get("assault")
    out = []
    for p in (got.procedures.values() if got is not None else ()):
        if p.hex == hex_:
            shown = f"result {p.att_loss}/{p.def_loss} (attacker/defender losses, AS-MAP.1)" if p.resolved \
                else "not resolved yet"
            out.append(f"  assault {p.id} by {p.attacker}, phase {p.phase}: {shown}")
    return out
