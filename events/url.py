"""A game's name: a path (a SQLite file) or a ``postgresql://`` URL naming one game in a database.

Pure string handling, imported by both stores and by the engine's sidecar names (events/store.py picks
the store).
"""
from __future__ import annotations

import re
import urllib.parse

from .logbase import LogError

SCHEMES = ("postgresql://", "postgres://")


def is_url(target) -> bool:
    """True for a PostgreSQL URL (a string), False for a path of a SQLite file."""
    return isinstance(target, str) and target.startswith(SCHEMES)


def split_url(url: str) -> tuple[str, str]:
    """(libpq connection URL, game id) of ``postgresql:///DB?host=/socket&game=ID``; the game is required."""
    parts = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    games = [v for k, v in query if k == "game"]
    if len(games) != 1 or not games[0]:
        raise LogError(f"{redacted(url)}: a PostgreSQL URL names one game: add ?game=ID (or &game=ID)")
    rest = urllib.parse.urlencode([(k, v) for k, v in query if k != "game"], safe="/")
    # by hand: urlunsplit drops the // of an empty host (postgresql:///DB), which libpq then refuses
    return f"{parts.scheme}://{parts.netloc}{parts.path}" + (f"?{rest}" if rest else ""), games[0]


#: libpq parameters whose value is a secret: never printed, never written to a page or a report.
SECRET_PARAMS = ("password", "sslpassword")
_USERINFO = re.compile(r"(?i)\b(postgres(?:ql)?://[^/?#@\s:]*:)[^/?#\s]*@")
_PARAM = re.compile(r"(?i)([?&](?:%s)=)[^&#\s]*" % "|".join(SECRET_PARAMS))


def redacted(url: str) -> str:
    """The URL as messages show it: its user part's password and every secret parameter as ***."""
    return redact_text(url)


def redact_text(text: str) -> str:
    """``text`` with every PostgreSQL URL in it redacted: for any message that may quote one."""
    if "postgres" not in text.lower():
        return text
    return _PARAM.sub(r"\1***", _USERINFO.sub(r"\1***@", text))


def local_name(target) -> str:
    """The name a game's sidecar files (seed, joint-dice secrets) are made from.

    A SQLite game's sidecars lie beside its file (the path itself); a PostgreSQL game's in the current
    directory, named DB.GAME (``--seed-file`` places the seed elsewhere).
    """
    if not is_url(target):
        return str(target)
    _conninfo, game = split_url(target)
    db = urllib.parse.urlsplit(target).path.lstrip("/") or "postgres"
    return "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in f"{db}.{game}")
