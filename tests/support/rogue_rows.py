"""A rogue client for the verify tests: it skips every rule and appends through the log's own API.

The hash chain (and, given a signer, the actor's own signature) stays intact, so only verify's
re-execution can tell the rows from honest ones. ``append`` returns the first seq it wrote.
"""

from __future__ import annotations

import msgspec

from turnlog.engine import signatures as SG
from turnlog.engine.game import Game, settle
from turnlog.events.codec import encode


def append(
    g: Game,
    ctype: str,
    payload: dict | str,
    events: list,
    *,
    actor: str = "",
    signer: SG.Signer | None = None,
    automatic: bool = False,
) -> int:
    """Append one command typed ``ctype`` whose rows are ``events`` (Structs, or (type, version,
    data))."""
    rows = [
        ev
        if isinstance(ev, tuple)
        else (type(ev).__name__, ev.version, encode(ev).decode(), automatic)
        for ev in events
    ]
    text = payload if isinstance(payload, str) else msgspec.json.encode(payload).decode()
    last = g.log.last()[0]
    g.log.append(
        rows,
        expected_seq=last,
        actor=actor,
        command_type=ctype,
        payload=text,
        sign=SG.signing(signer, actor, ctype, text, g.state.game_id),
    )
    return last + 1


def honest_rows(g: Game, cmd) -> list[tuple]:
    """The rows the rules give for ``cmd`` on the live board, as the honest engine writes them."""
    state = g.at()
    return [
        (type(e).__name__, e.version, encode(e).decode(), auto)
        for e, auto in settle(state, g.decide(state, cmd))
    ]
