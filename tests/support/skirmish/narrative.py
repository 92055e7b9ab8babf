"""The toy kind's line in the log's narrative."""
from __future__ import annotations

import msgspec


def narrate(event) -> str:
    return f"skirmish {event.procedure}: {type(event).__name__} " + msgspec.json.encode(event).decode()
