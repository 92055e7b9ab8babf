"""What may be done now, as text under `turnlog show`'s board: what each kind may begin, each procedure's next command.

It reads the kinds' ``legal()`` Choices (engine/kit/choices.py) for the state shown, so it lists exactly
what the rules would accept there, and nothing of the host's or the turn's own commands (those are
always open; the REPL's ``legal`` lists them). What may begin is each kind's own line (kind_asks.py).
"""
from __future__ import annotations

from turnlog.projections.state import GameState

from ..kit.choices import Choice
from .explain import legal_choices
from .kind_asks import may_begin


def next_text(state: GameState) -> str:
    """Lines naming what each used kind may begin now and what each open procedure waits for."""
    choices = [x for x in legal_choices(state) if isinstance(x, Choice)]
    lines = may_begin(state, choices)
    for pid in _open(state, choices):
        for x in (x for x in choices if x.fixed.get("procedure") == pid):
            who = f"{x.faction} ({x.role})" if x.faction else x.role or "anyone"
            lines.append(f"  {pid} waits for {who}: {x}")
    return "\n".join(lines)


def _open(state: GameState, choices) -> list[str]:
    """The procedures some Choice continues, in the order legal() gave them."""
    return list(dict.fromkeys(x.fixed["procedure"] for x in choices if x.fixed.get("procedure")))
