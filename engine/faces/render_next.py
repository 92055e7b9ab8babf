"""What may be done now, as text under `turnlog show`'s board: the zones to attrition, each procedure's next command.

It reads the kinds' ``legal()`` Choices (engine/kit/choices.py) for the state shown, so it lists exactly
what the rules would accept there, and nothing of the host's or the turn's own commands (those are
always open; the REPL's ``legal`` lists them).
"""
from __future__ import annotations

from turnlog.projections.state import GameState

from ..kit.choices import Choice
from .explain import legal_choices


def next_text(state: GameState) -> str:
    """Lines naming the zones the active player may begin attrition in and what each open procedure waits for."""
    choices = [x for x in legal_choices(state) if isinstance(x, Choice)]
    lines = []
    begin = [x for x in choices if x.command == "BeginAttrition"]
    if begin:
        by = ", ".join(sorted({x.faction for x in begin if x.faction})) or state.turn.active
        lines.append(f"  {by} may begin attrition in: "
                     f"{', '.join(x.fixed.get('zone', '?') for x in begin)} (command: "
                     f"BeginAttrition attacker={by} zone=ZONE)")
    elif state.turn.phase == "attrition" and not _open(state, choices):
        lines.append("  no zone left to attrition in this phase")
    for pid in _open(state, choices):
        for x in (x for x in choices if x.fixed.get("procedure") == pid):
            who = f"{x.faction} ({x.role})" if x.faction else x.role or "anyone"
            lines.append(f"  {pid} waits for {who}: {x}")
    return "\n".join(lines)


def _open(state: GameState, choices) -> list[str]:
    """The procedures some Choice continues, in the order legal() gave them."""
    return list(dict.fromkeys(x.fixed["procedure"] for x in choices if x.fixed.get("procedure")))
