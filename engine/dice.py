"""Committed dice: rolls derived from a secret seed and a stable key.

At creation the log records only SHA-256(seed). Each roll is
HMAC-SHA256(seed, key) mapped to a face by rejection sampling (no modulo
bias), so undoing a roll and rolling again with the same key gives the same
number: there is nothing to fish for. Revealing the seed lets anyone re-derive
every roll. Physical dice may be entered instead and are logged as entered.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from turnlog.events.game import DieRolled
from turnlog.events.setup import DieSpec

from .errors import RuleViolation


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def face(seed: bytes, key: str, die: DieSpec) -> int:
    """Derive the face for ``key``; uniform over the die's faces."""
    n = die.sides
    limit = (1 << 64) - ((1 << 64) % n)
    counter = 0
    while True:
        mac = hmac.new(seed, f"{key}#{counter}".encode(), hashlib.sha256).digest()
        for i in range(0, 32, 8):
            x = int.from_bytes(mac[i:i + 8], "big")
            if x < limit:
                return die.lowest + x % n
        counter += 1


def seed_path(db_path: str | Path) -> Path:
    return Path(str(db_path) + ".seed")


def write_seed(path: Path, seed: bytes) -> None:
    """Store the seed in a sidecar readable by its owner only (0600), synced before the game uses it.

    Never over an existing file (O_EXCL); a failed write removes the partial file.
    """
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(seed.hex() + "\n")
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    sync_dir(path.parent)


def sync_dir(folder: Path) -> None:
    """Make a new name in ``folder`` durable (its directory entry is the folder's data)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_seed(path: Path) -> bytes | None:
    try:
        return bytes.fromhex(path.read_text().strip())
    except FileNotFoundError:
        return None


class Dice:
    """The dice a decider may roll: seeded, or entered by the player."""

    def __init__(self, seed: bytes | None, die: DieSpec, entered: int | None = None):
        self.seed, self.die, self.entered = seed, die, entered

    def roll(self, key: str, procedure: str = "", rule: str = "") -> DieRolled:
        d = self.die
        if self.entered is not None:
            if not d.lowest <= self.entered < d.lowest + d.sides:
                raise RuleViolation(rule or "die", f"entered die {self.entered} is not a face of this die "
                                    f"({d.lowest}-{d.lowest + d.sides - 1})")
            return DieRolled(key=key, value=self.entered, entered=True, procedure=procedure)
        if self.seed is None:
            raise RuleViolation(rule or "die", "the dice seed is not available here; enter the die value")
        return DieRolled(key=key, value=face(self.seed, key, d), procedure=procedure)
