"""Seat tokens: one bearer token per seated actor, given once, kept only as its SHA-256.

A token is ``secrets.token_urlsafe(32)`` (256 random bits). The server keeps its hash in the game's
seat sidecar ``ID.seats.json`` in --dir (mode 0600, written whole then renamed into place), or with
--db in the registry's ``turnlog.seat_tokens`` (pgregistry.py); never in the log, an export or a
URL: a client sends it in ``Authorization: Bearer``. The token names the
actor the command is issued as; whether that actor may issue the command is the game's seat rule
(engine/seats.py), judged by Game.execute like any other actor's, so a token never acts for a seat
its actor does not hold.
"""

from __future__ import annotations

import hashlib
import os
import secrets
from pathlib import Path

import msgspec

SUFFIX = ".seats.json"


class Seats(msgspec.Struct, kw_only=True):
    """A hosted game's sidecar: token hash -> actor, whether the game is listed, and its name."""

    tokens: dict[str, str]
    listed: bool = False
    name: str = ""

    @classmethod
    def of(cls, tokens: dict[str, str], *, listed: bool, name: str) -> "Seats":
        return cls(
            tokens={digest(t): actor for actor, t in tokens.items()}, listed=listed, name=name
        )

    def actor(self, header: str | None) -> str | None:
        """The actor an ``Authorization`` header's bearer token stands for, or None."""
        scheme, _sp, token = (header or "").partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return None
        return self.tokens.get(digest(token.strip()))


def new_token() -> str:
    return secrets.token_urlsafe(32)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def actors(seats) -> list[str]:
    """Each actor holding a seat of a SeatsSpec: each faction's, the referee, the host, once."""
    named = [*seats.factions.values(), seats.referee, seats.host]
    return list(dict.fromkeys(a for a in named if a))


def write(folder: Path, gid: str, seats: Seats) -> None:
    """Write the sidecar readable by its owner only, whole or not at all."""
    path = folder / (gid + SUFFIX)
    tmp = folder / f".{gid}{SUFFIX}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(msgspec.json.encode(seats))
            f.flush()
            os.fsync(f.fileno())
        os.link(tmp, path)  # never over another game's sidecar
    finally:
        os.unlink(tmp)


def read(folder: Path, gid: str) -> Seats | None:
    try:
        return msgspec.json.decode((folder / (gid + SUFFIX)).read_bytes(), type=Seats)
    except (OSError, msgspec.DecodeError):
        return None
