"""Committed dice: rolls derived from a secret seed and a stable key.

At creation the log records only SHA-256(seed). Each roll is
HMAC-SHA256(seed, key) mapped to a face by rejection sampling (no modulo
bias), so undoing a roll and rolling again with the same key gives the same
number: there is nothing to fish for. Revealing the seed lets anyone re-derive
every roll. Physical dice may be entered instead and are logged as entered.

Named dice (a scenario's ``[dice.NAME]``, GameCreated.dice): one die rolls
under its key; several roll under the sub-keys ``KEY/0``, ``KEY/1``... and are
combined. A draw (``Dice.draw``) is a uniform integer in 0..n-1 taken the same
way under its key, logged as a DieRolled with ``of = n``.

A fork is a different game for the dice: from a GameForked that says so (``own_dice``), its rolls
derive from ``keyed(seed, identity)``, so what the fork rolls under a key says nothing about what
the original (or another fork) rolls under it. Forks written before keep the original's dice.
"""
from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from pathlib import Path

from typing import Union

from turnlog.events.game import DieRolled
from turnlog.events.setup import DiceSpec, DieSpec
from turnlog.events.store import local_name  # a PostgreSQL game's sidecars: named for its database and id

from .errors import CommandError, RuleViolation

COMBINE = ("sum", "high", "low", "each")
MAX_DRAW = 1 << 53  # a draw's range: beyond 10**6 (PzC's) with room; refused above (an exact float bound)
Entered = Union[int, list[int]]
_FORK = b"turnlog/fork-dice\0"


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def keyed(seed: bytes, fork: str) -> bytes:
    """The seed a game's rolls derive from: ``seed`` itself, or in a fork with dice of its own
    (``fork``: its identity) an HMAC of the identity under the seed."""
    if not fork:
        return seed
    return hmac.new(seed, _FORK + fork.encode(), hashlib.sha256).digest()


def face(seed: bytes, key: str, die: DieSpec | DiceSpec) -> int:
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


def as_dice(die: DieSpec) -> DiceSpec:
    """The game's own die as a named spec: one die, its faces."""
    return DiceSpec(sides=die.sides, lowest=die.lowest)


def draw_spec(n: int) -> DiceSpec:
    """What a draw in 0..n-1 rolls: one die of n faces numbered from 0."""
    return DiceSpec(sides=n, lowest=0)


def spec_of(die: DieSpec, named: dict[str, DiceSpec], roll: DieRolled) -> DiceSpec | None:
    """The spec a logged roll was taken with (its draw range, its named dice, else the game's die); None if unknown."""
    if roll.of:
        return draw_spec(roll.of)
    if roll.dice:
        return named.get(roll.dice)
    return as_dice(die)


def faces(seed: bytes, key: str, spec: DiceSpec) -> list[int]:
    """Each face of ``spec`` for ``key``: one die under the key itself, several under ``key/i``.

    One die keeps the key unsuffixed so that a named d10 gives what the game's d10 gives for the same key.
    """
    if spec.count == 1:
        return [face(seed, key, spec)]
    return [face(seed, f"{key}/{i}", spec) for i in range(spec.count)]


def combined(spec: DiceSpec, fs: list[int]) -> int:
    """The one value of several faces (``each``: the first; the rules read ``faces``)."""
    if spec.combine == "high":
        return max(fs)
    if spec.combine == "low":
        return min(fs)
    if spec.combine == "each":
        return fs[0]
    return sum(fs)


def again(seed: bytes, roll: DieRolled, spec: DiceSpec) -> tuple[int, list[int]]:
    """(value, logged faces) that ``seed`` gives for a logged roll: what verify compares."""
    fs = faces(seed, roll.key, spec)
    return combined(spec, fs), (fs if spec.count > 1 else [])


def seed_path(db_path: str | Path) -> Path:
    return Path(local_name(db_path) + ".seed")


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
    """The hex seed (or joint-dice secret) in ``path``, None if there is none.

    A regular file of at most MAX_KEY_FILE bytes (engine/inputs.py); anything else is a CommandError
    (a ValueError) naming the file, as is text that is not hex.
    """
    from .inputs import read_small
    data = read_small(path, "seed file", missing_ok=True)
    if data is None:
        return None
    try:
        return bytes.fromhex(data.decode("ascii").strip())
    except (UnicodeDecodeError, ValueError):
        raise ValueError(f"{path}: not a hex seed") from None


class Dice:
    """The dice a decider may roll: seeded, or entered by the player (``value``, or ``values`` by slot).

    ``named`` is the game's named dice (GameCreated.dice). ``values`` maps a slot to its entered value
    (an int, or a list of faces for several dice); ``entered`` is slot "" (a command's ``value``).
    ``used`` collects the slots the rolls took, so ``unused()`` names an entered value no roll took.
    ``fork`` is the identity a fork's own dice derive from (GameState.dice_id), "" for the seed's.
    """

    def __init__(self, seed: bytes | None, die: DieSpec, entered: int | None = None, *,
                 named: dict[str, DiceSpec] | None = None, values: dict[str, Entered] | None = None,
                 fork: str = ""):
        self.seed, self.die, self.entered, self.fork = seed, die, entered, fork
        # copies, made only of what is there (a Dice is built for every command played)
        self.named = dict(named) if named else {}
        self.values: dict[str, Entered] = dict(values) if values else {}
        if entered is not None:
            if "" in self.values:
                raise CommandError('values: slot "" is the command\'s value; give it once')
            self.values[""] = entered
        self.used: set[str] = set()

    def spec(self, dice: str, rule: str = "") -> DiceSpec:
        """The named spec (``""``: the game's die); an unknown name is refused."""
        if not dice:
            return as_dice(self.die)
        found = self.named.get(dice)
        if found is None:
            raise RuleViolation(rule or "dice", f"no dice named {dice!r} in this game "
                                f"({', '.join(sorted(self.named)) or 'it declares none'})")
        return found

    def roll(self, key: str, procedure: str = "", rule: str = "", *, dice: str = "", slot: str = "") -> DieRolled:
        """Roll the dice ``dice`` under ``key``; the value entered for ``slot``, if any, is used instead."""
        spec = self.spec(dice, rule)
        return self._take(key, procedure, rule, spec, slot, dice=dice)

    def draw(self, key: str, n: int, procedure: str = "", rule: str = "", *, slot: str = "") -> DieRolled:
        """A uniform integer in 0..n-1 under ``key``, by the dice's own sampling: logged as a roll (``of = n``)."""
        if not 1 <= n <= MAX_DRAW:
            raise RuleViolation(rule or "dice", f"a draw is from 1 to {MAX_DRAW} values, not {n}")
        return self._take(key, procedure, rule, draw_spec(n), slot, of=n)

    def unused(self) -> None:
        """Refuse a value entered for a slot no roll of the command took (nothing is written)."""
        if not self.values:  # nothing entered (most commands): nothing left over
            return
        left = sorted(set(self.values) - self.used)
        if left:
            name = "value" if left[0] == "" else f"values.{left[0]}"
            raise RuleViolation("dice", f"{name}: this command rolls no die for it; nothing was rolled with it")

    def _take(self, key: str, procedure: str, rule: str, spec: DiceSpec, slot: str, **what) -> DieRolled:
        if slot in self.values:
            self.used.add(slot)
            fs = _entered(self.values[slot], spec, slot, rule, draw=bool(what.get("of")))
            return _rolled(key, procedure, spec, fs, entered=True, **what)
        fs, extra = self._derive(key, spec, rule)
        return _rolled(key, procedure, spec, fs, **extra, **what)

    def _derive(self, key: str, spec: DiceSpec, rule: str) -> tuple[list[int], dict]:
        """The faces the committed seed gives, and what else the roll logs (joint dice: the shares)."""
        if self.seed is None:
            raise RuleViolation(rule or "die", "the dice seed is not available here; enter the die value")
        return faces(keyed(self.seed, self.fork), key, spec), {}


def _rolled(key: str, procedure: str, spec: DiceSpec, fs: list[int], **fields) -> DieRolled:
    if spec.count > 1:
        fields["faces"] = fs
    fields = {k: v for k, v in fields.items() if v}  # "" dice, 0 of: omitted, as the defaults are
    return DieRolled(key=key, value=combined(spec, fs), procedure=procedure, **fields)


def _entered(given: Entered, spec: DiceSpec, slot: str, rule: str, draw: bool = False) -> list[int]:
    """The faces a player entered, each checked against the spec; refused naming the slot."""
    name = "value" if slot == "" else f"values.{slot}"
    if draw and not (isinstance(given, int) and 0 <= given < spec.sides):
        raise RuleViolation(rule or "dice", f"{name}: an entered draw is a whole number in 0..{spec.sides - 1}, "
                            f"not {given}")
    fs = [given] if isinstance(given, int) else list(given)
    if len(fs) != spec.count:
        raise RuleViolation(rule or "dice", f"{name}: {spec.count} dice are rolled here; enter "
                            + ("one face" if spec.count == 1 else f"a list of their {spec.count} faces"))
    top = spec.lowest + spec.sides - 1
    for f in fs:
        if not spec.lowest <= f <= top:
            raise RuleViolation(rule or "die", f"{name}: entered die {f} is not a face of this die "
                                f"({spec.lowest}-{top})")
    return fs
