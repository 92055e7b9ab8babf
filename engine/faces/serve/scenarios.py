"""``GET /api/scenarios``: the bundled scenarios a creation may name, and what it must give for each.

Read once per process (the bundled files do not change while it runs), in a pool thread: parsing
them all is not work for the event loop. The answer's shape is schemas.py ``Scenarios``.
"""

from __future__ import annotations

import functools

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from ... import scenario as SC
from . import bodies as B


@functools.cache
def listing() -> dict:
    """Each bundled scenario: its name (the creation's ``scenario``), title, the first line of its
    description, its factions, and the factions a creation's ``seats`` names actors for."""
    out = []
    for name in SC.bundled_names():
        sc = SC.load(name)
        own = dict(sc.seats.factions)
        out.append({
            "scenario": name,
            "name": sc.name,
            "description": (sc.description.strip().splitlines() or [""])[0],
            "factions": [{"id": f.id, "name": f.name or f.id} for f in sc.factions],
            # a faction left out of seats is the host's alone: a creation seats at least one
            "seats": [f.id for f in sc.factions],
            "seated": own,  # the scenario's own seats: with them, a creation may omit "seats"
        })
    return {"scenarios": out}


async def route(_request: Request) -> Response:
    return B.json(await run_in_threadpool(listing))
