"""Joint dice: rolls that no single holder of a secret can compute.

Each holder (a side, usually) keeps a secret of its own and gives, for each roll, its share: a value
only it can compute. The face is the game's die over the shares of every holder, mixed in the
holders' registered order; the shares are logged with the roll, so the face can be re-derived from
the log. Shares are deterministic: undoing a roll and rolling the same key again gives the same
shares and the same face, so nobody can fish. Two modes, told apart by what GameCreated.joint_dice
registers:

- **signed shares** (every game created since; engine/joint_keys.py): each holder registers an RSA
  public key; a share is the holder's unique signature over the game's identity and the roll's key,
  checked by anyone at once, so a share fabricated or made for another roll is refused at `play`;
- **HMAC shares** (games created before, kept so that their logs play and verify as they did): each
  holder committed SHA-256 of a secret; a share is HMAC-SHA256(secret, "turnlog/share/" + key),
  checkable only once the holder reveals its secret at the end.

A process rolls only when it has every share: from the secrets it holds (a host or hot-seat program
holds them all) or given with the command (``"shares": {"AL": "..."}``, each side computing its own
with `turnlog share`).
"""
from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path
from typing import Iterable

import msgspec

from turnlog.events.game import DieRolled, SecretRevealed
from turnlog.events.store import local_name  # a PostgreSQL game's sidecars: named for its database and id
from turnlog.events.setup import DiceHolder, DieSpec

from . import dice as D
from . import joint_keys as K
from .errors import CommandError, RuleViolation

_SHARE = b"turnlog/share/"
_MIX = b"turnlog/joint-dice"
HOLDER = re.compile(r"[A-Za-z0-9_-]{1,32}")
HEX64 = re.compile(r"[0-9a-f]{64}")  # a share or a commitment


def share(secret: bytes, key: str, fork: str = "") -> str:
    """One holder's share for ``key`` (hex): reveals nothing of the secret or of other keys' shares.

    In a fork with dice of its own (``fork``: its identity, GameState.dice_id) the share covers
    that identity, so a share given in the fork is no share of the original's roll.
    """
    mark = fork.encode() + b"\0" if fork else b""
    return hmac.new(secret, _SHARE + mark + key.encode(), hashlib.sha256).hexdigest()


def mixed(shares: dict[str, str], order: Iterable[str]) -> bytes:
    """The seed every share of one key gives together; ``order`` is the holders' commitment order.

    Named dice and draws derive from it as from a game's seed (dice.faces): one share per holder per key.
    """
    return hmac.new(_MIX, b"".join(bytes.fromhex(shares[h]) for h in order), hashlib.sha256).digest()


def face(shares: dict[str, str], order: Iterable[str], key: str, die: DieSpec) -> int:
    """The face of the game's die every share of ``key`` gives together."""
    return D.face(mixed(shares, order), key, die)


def secret_path(db_path: str | Path, holder: str) -> Path:
    return Path(f"{local_name(db_path)}.{holder}.secret")


def parse_holders(spec: Iterable[str]) -> list[tuple[str, str]]:
    """Parse ``NAME`` or ``NAME=VALUE`` items: (name, VALUE or '' to draw the holder's key here).

    VALUE is read by the caller (engine/faces/cli/dice.py: the holder's public key file).
    """
    out: list[tuple[str, str]] = []
    for item in spec:
        name, _eq, value = item.partition("=")
        if not HOLDER.fullmatch(name):
            raise CommandError(f"joint-dice: {name!r} is not a holder name (1-32 letters, digits, _ or -)")
        if name in (n for n, _s in out):
            raise CommandError(f"joint-dice: holder {name} is named twice")
        out.append((name, value))
    if len(out) < 2:
        raise CommandError("joint-dice: at least two holders are needed, or one of them could roll alone")
    return out


def mark(created, *, public_seed: bool = False, holders: Iterable[DiceHolder] = ()):
    """GameCreated as the dice are committed: a public seed marked, or joint holders instead of a seed."""
    holders = list(holders)
    if holders:
        return msgspec.structs.replace(created, seed_sha256="", joint_dice=holders)
    return msgspec.structs.replace(created, seed_public=True) if public_seed else created


def matched(state, secrets: Iterable[bytes], strict: bool) -> dict[str, bytes]:
    """Each secret under the holder whose registered key (in an older game: commitment) it matches.

    One matching no holder is refused if ``strict``.
    """
    keys = state.joint_keys
    by = {k: h for h, k in (keys or state.joint_dice).items()}
    out: dict[str, bytes] = {}
    for s in secrets:
        h = by.get((K.public(s) if K.is_key(s) else "") if keys else D.commitment(s))
        if h is None:
            if strict:
                what = "key" if keys else "commitment"
                raise CommandError(f"secret: it matches no holder's {what} in this game's log")
            continue
        out[h] = s
    return out


def load(db_path, state, files=None, secrets=None) -> dict[str, bytes]:
    """The secrets this process holds: those given, those in ``files``, else the files beside the game."""
    if not state.joint_dice:
        return {}
    given = list(secrets or ())
    for f in files or ():
        s = _read(Path(f))
        if s is None:
            raise CommandError(f"secret-file: {f} does not exist")
        given.append(s)
    if secrets is not None or files:
        return matched(state, given, strict=True)
    beside = [_read(secret_path(db_path, h)) for h in state.joint_dice]
    return matched(state, [s for s in beside if s is not None], strict=False)


def _read(path: Path) -> bytes | None:
    try:
        return D.read_seed(path)
    except (ValueError, OSError) as err:
        why = getattr(err, "strerror", None) or str(err).removeprefix(f"{path}: ")
        raise CommandError(f"secret-file: {path} is not a readable secret ({why})") from None


class JointDice(D.Dice):
    """Dice of a joint game: a roll needs every holder's share, computed here or given with the command."""

    def __init__(self, state, secrets: dict[str, bytes], given: dict[str, str] | None, entered: int | None,
                 values: dict | None = None):
        super().__init__(None, state.die, entered, named=getattr(state, "dice", {}), values=values)
        self.state, self.secrets, self.given = state, secrets, dict(given or {})
        self.served = ""  # the key the given shares were used for: a share is one key's

    def _derive(self, key: str, spec, rule: str) -> tuple[list[int], dict]:
        st, rule = self.state, rule or "dice"
        if st.revealed:
            raise RuleViolation(rule, f"{', '.join(st.revealed)} revealed a secret: a joint roll could "
                                "now be predicted; enter the die value")
        unknown = sorted(set(self.given) - set(st.joint_dice))
        if unknown:
            raise CommandError(f"shares: {', '.join(unknown)} holds no secret in this game")
        shares: dict[str, str] = {}
        missing: list[str] = []
        for h in st.joint_dice:
            mine = self._mine(h, key)
            theirs = self._theirs(h, key, rule)
            if mine is not None and theirs is not None and mine != theirs:
                raise RuleViolation(rule, f"the share given for {h} is not the one {h}'s secret gives")
            share = mine or theirs
            if share is None:
                missing.append(h)
            else:
                shares[h] = share
        if missing:
            raise RuleViolation(rule, f"joint dice: rolling {key} needs the share of {', '.join(missing)} "
                                f"(`turnlog share --db GAME --secret-file FILE --key {key}` prints it; give it as "
                                f'"shares": {{"{missing[0]}": "..."}} in the command)')
        seed = K.mixed(shares, st.joint_dice) if st.joint_keys else mixed(shares, st.joint_dice)
        return D.faces(seed, key, spec), {"shares": shares}

    def _mine(self, h: str, key: str) -> str | None:
        """The share of ``h`` computed from the secret held here, or None."""
        if h not in self.secrets:
            return None
        if self.state.joint_keys:
            return K.share(self.secrets[h], self.state.game_id, key)
        return share(self.secrets[h], key, self.state.dice_id)

    def _theirs(self, h: str, key: str, rule: str) -> str | None:
        """The share given for ``h`` with the command, checked at once if shares are signatures."""
        theirs, st = self.given.get(h), self.state
        if theirs is None:
            return None
        if st.joint_keys and not K.valid_share(st.joint_keys[h], st.game_id, key, theirs):
            raise RuleViolation(rule, f"shares.{h}: not {h}'s share for roll {key} of this game: it "
                                f"does not verify under the key {h} registered (fabricated, or made for "
                                "another roll or game); whoever supplied it gave a false share; nothing "
                                "was written")
        if not st.joint_keys and not HEX64.fullmatch(theirs):
            raise CommandError(f"shares.{h}: a share is 64 lower-case hex digits")
        if h not in self.secrets:
            if self.served not in ("", key):
                raise RuleViolation(rule, f"shares: the shares given are for one roll ({self.served}); "
                                    f"this command also rolls {key}, which needs its own shares (not supported "
                                    "yet: roll it where its holders' secrets are held)")
            self.served = key
        return theirs


def dice_for(state, seed: bytes | None, secrets: dict[str, bytes], command) -> D.Dice:
    """The dice a command rolls with: the seed's, or joint dice when the log committed holders.

    Any command may carry ``value`` (slot "") and ``values`` (slot -> entered value) and, in a joint game,
    ``shares``; the dice take them from whatever command it is.
    """
    entered, values = getattr(command, "value", None), getattr(command, "values", None)
    if state.joint_dice:
        return JointDice(state, secrets, getattr(command, "shares", None), entered, values)
    if getattr(command, "shares", None):
        raise CommandError("shares: this game's dice come from one seed, not from shares")
    return D.Dice(seed, state.die, entered, named=state.dice, values=values, fork=state.dice_id)


def reveal(state, dice) -> list:
    """SecretRevealed for every secret this process holds that is not yet in the log.

    Where shares are signatures there is nothing to reveal: each was checked when it was given,
    and a holder's key revealed would let anyone compute its later shares.
    """
    if state.joint_keys:
        raise RuleViolation("dice", "joint dice with signed shares have no secret to reveal: every "
                            "share was checked under its holder's key when it was given; keep each "
                            "key to yourself")
    held = {h: s for h, s in getattr(dice, "secrets", {}).items() if h not in state.revealed}
    if not held:
        raise RuleViolation("dice", "no joint-dice secret to reveal here: "
                            + ("each is already revealed" if len(state.revealed) == len(state.joint_dice)
                               else "give the holder's --secret-file"))
    return [SecretRevealed(holder=h, secret=s.hex()) for h, s in held.items()]


def held(joint: dict | None) -> dict[str, bytes]:
    """The secrets among ``joint`` (holder -> secret or key bytes, or a record of a key kept elsewhere)."""
    return {h: s for h, s in (joint or {}).items() if isinstance(s, bytes)}


def commitments(joint: dict | None, hmac_mode: bool = False) -> list[DiceHolder]:
    """GameCreated's holders: each key registered (the proof drawn for a key held here), or, in the
    HMAC mode of older games, each SHA-256 given or computed from the secret given."""
    out = []
    for h, s in (joint or {}).items():
        if not HOLDER.fullmatch(h):
            raise CommandError(f"joint: {h!r} is not a holder name (1-32 letters, digits, _ or -)")
        out.append(_hmac_holder(h, s) if hmac_mode else K.holder(h, s))
    if joint is not None and len(out) < 2:
        raise CommandError("joint: at least two holders are needed, or one of them could roll alone")
    if len({h.rsa or h.sha256 for h in out}) < len(out):
        raise CommandError("joint: two holders register the same key (each holder draws its own)")
    return out


def _hmac_holder(h: str, s) -> DiceHolder:
    """A holder of the HMAC mode (games created before signed shares): its secret's SHA-256."""
    if isinstance(s, bytes) and len(s) < 16:
        raise CommandError(f"joint: {h}'s secret is too short (at least 128 bits are needed)")
    if not isinstance(s, bytes) and not (isinstance(s, str) and HEX64.fullmatch(s)):
        raise CommandError(f"joint: {h}'s commitment must be 64 lower-case hex digits (SHA-256)")
    return DiceHolder(holder=h, sha256=D.commitment(s) if isinstance(s, bytes) else s)


def sides(scenario) -> list[str]:
    """The default holders: the scenario's sides (FactionSpec.side), in order of appearance."""
    out: list[str] = []
    for f in scenario.factions:
        if f.side not in out:
            out.append(f.side)
    return out


def explain(ev: DieRolled, state) -> str:
    """The REPL's `why` for a joint roll: do the logged shares give the face, and which are checked yet."""
    spec = D.spec_of(state.die, state.dice, ev)
    mix = K.mixed if state.joint_keys else mixed
    ok = (spec is not None and list(ev.shares) == list(state.joint_dice)
          and D.again(mix(ev.shares, state.joint_dice), ev, spec) == (ev.value, ev.faces))
    said = (f"  mixed from the shares of {', '.join(ev.shares)} for the key '{ev.key}': "
            + ("they give this face" if ok else "they DO NOT give this face"))
    if state.joint_keys:
        return said + "; each share is its holder's signature, checked under the key it registered"
    checked = [h for h, s in state.revealed.items()
               if share(bytes.fromhex(s), ev.key, state.dice_id) == ev.shares.get(h)]
    return said + (f"; shares checked against revealed secrets: {', '.join(checked)}" if checked
                   else "; each share is checkable once its holder reveals its secret")
