"""What turnlog prints: every byte a file or a user gave escaped, every connection secret redacted.

The one path for text that reaches a terminal or a report: a path, a game's name, a trigger's
message, a URL. Control characters, line and paragraph separators and the bidi controls are shown as
escapes (projections/narrative.py ``printable``), so text from a log, a file or a typed argument can
neither send the terminal an escape sequence nor forge a line of its own; the password of a
PostgreSQL URL (user part, ``password=``, ``sslpassword=``) is shown as ``***`` (events/url.py).
"""
from __future__ import annotations

import sys

from turnlog.events.url import redact_text
from turnlog.projections import narrative


def clean(text) -> str:
    """One line: escaped and redacted."""
    return narrative.printable(redact_text(str(text)))


def lines(items) -> str:
    """Several lines, each escaped on its own, joined: a newline in a value stays on its line."""
    return "\n".join(clean(line) for line in items)


def say(text, file=None) -> None:
    """Print one line, escaped and redacted, to ``file`` (default stdout)."""
    print(clean(text), file=file or sys.stdout)


def json_text(data: bytes | str) -> str:
    """JSON as printed: what a terminal acts on (C1 controls, U+2028/9, bidi) as \\u escapes.

    JSON's encoder escapes C0 controls already; the rest are valid raw in JSON, so escaping them
    changes no value a reader decodes.
    """
    text = data.decode() if isinstance(data, bytes) else data
    return narrative.CONTROLS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
