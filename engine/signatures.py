"""Signed commands: each command of a signed game carries its issuer's Ed25519 signature.

A signed game records each seated actor's public key in ``GameCreated.seats.keys`` and is stored in log
format 4, whose command rows hold a signature hashed into the chain (events/log.py). The signature is over
``MESSAGE_PREFIX`` and the canonical JSON of the command's actor, type and payload as logged, and PREV: the
hash of the row just before the command, read inside the append transaction. PREV ties the signature to
one place in one game, and through the chain to everything before it. What this proves and does not is
docs/signatures.md.

Ed25519 comes from ``cryptography``, an optional extra (``pip install turnlog[sign]``) imported only when
a key is made, used or checked: without it a signed game still opens and reads, writing to it is refused
and verify reports its signatures as not checkable.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Callable, Iterable

import msgspec

from . import identity as ID
from .ed25519_point import problem as point_problem
from .errors import CommandError, RuleViolation

MESSAGE_PREFIX = b"turnlog/command/v1\0"  # a game created before identities (no game id in force)
GAME_PREFIX = b"turnlog/command/v2\0"     # a game with an identity: the signed text names it
RULE = "signatures"
_HEX = frozenset("0123456789abcdef")
INSTALL = "the optional `cryptography` package is not installed (pip install 'turnlog[sign]')"


class Unavailable(RuntimeError):
    """The optional ``cryptography`` extra is not installed: no Ed25519 signatures, no RSA joint-dice
    keys (engine/joint_keys.py raises the same class)."""


def _ed25519():
    """The cryptography module for Ed25519, imported on first use."""
    try:
        from cryptography.hazmat.primitives.asymmetric import ed25519
    except ImportError:
        raise Unavailable(INSTALL) from None
    return ed25519


def is_hex(text: str, digits: int) -> bool:
    """True when ``text`` is exactly ``digits`` lowercase hex digits."""
    return isinstance(text, str) and len(text) == digits and set(text) <= _HEX


class Signer:
    """An Ed25519 private key that signs this game's commands; ``public`` is its public key in hex."""

    def __init__(self, private: bytes):
        self._key = _ed25519().Ed25519PrivateKey.from_private_bytes(private)
        raw = self._key.public_key().public_bytes_raw()
        self.public = raw.hex()

    @classmethod
    def generate(cls) -> tuple["Signer", bytes]:
        """A new key pair: the Signer and its 32 private bytes (to be written to a 0600 file)."""
        private = os.urandom(32)
        return cls(private), private

    @classmethod
    def from_file(cls, path: str | Path) -> "Signer":
        """The key `turnlog keygen` wrote (64 hex digits); CommandError naming the file otherwise."""
        from .inputs import read_small
        try:
            text = read_small(path, "private key file").decode("ascii").strip().lower()
        except UnicodeDecodeError:
            text = ""
        except CommandError as err:
            raise CommandError(f"key: {path}: cannot read the private key "
                               f"({str(err).removeprefix(f'{path}: ')})") from None
        if not is_hex(text, 64):
            raise CommandError(f"key: {path}: not a private key from `turnlog keygen` (64 hex digits)")
        return cls(bytes.fromhex(text))

    def sign(self, message: bytes) -> str:
        return self._key.sign(message).hex()


class Presigned:
    """A signature made elsewhere (`turnlog sign`, mailed to the holder of the file) for ``public``'s actor.

    The log asks it to sign at the tail it reads inside the append transaction; it answers with the mailed
    signature only if that verifies there, so a line signed against an older tail is refused, not stored.
    """

    def __init__(self, public: str, signature: str):
        _ed25519()  # without the extra, refuse now rather than inside the append
        self.public, self.signature = public, signature

    def sign(self, msg: bytes) -> str:
        if not valid(self.public, msg, self.signature):
            raise RuleViolation(RULE, "the mailed signature does not verify over this command at the log's tail: "
                                      "the log moved on since it was signed (sign again against the new tail), or "
                                      "the line was altered; nothing was written")
        return self.signature


def message(prev: str, actor: str, ctype: str, payload: str, game: str = "") -> bytes:
    """What a command's signature signs: the prefix, then the sorted-key JSON of command and PREV.

    ``game`` is the identity in force at the command (engine/identity.py); a game that has none (created
    before identities, not forked since) signs the text it always signed, without it.
    """
    body = {"actor": actor, "payload": payload, "prev": prev, "type": ctype}
    if not game:
        return MESSAGE_PREFIX + msgspec.json.encode(body, order="sorted")
    return GAME_PREFIX + msgspec.json.encode({**body, "game": game}, order="sorted")


def valid(public: str, msg: bytes, signature: str) -> bool:
    """True when ``signature`` (hex) is ``public``'s over ``msg``; raises Unavailable without the extra."""
    ed = _ed25519()
    if not (is_hex(signature, 128) and is_hex(public, 64)):
        return False
    try:
        ed.Ed25519PublicKey.from_public_bytes(bytes.fromhex(public)).verify(bytes.fromhex(signature), msg)
    except Exception:  # InvalidSignature, or a public key that is no curve point
        return False
    return True


def signer_for(keys: dict[str, str], actor: str, signer: Signer | None) -> Signer | None:
    """The signer to sign ``actor``'s command with, refused (RuleViolation) when it cannot sign it.

    None in an unsigned game (no keys). Called before a command is decided, so a refusal writes nothing.
    """
    if not keys:
        return None
    if actor not in keys:
        raise RuleViolation(RULE, f"this game is signed and {actor or '(no actor named)'} has no key in it: "
                                  "only a seated actor with a registered key may issue commands")
    if signer is None:
        raise RuleViolation(RULE, f"this game is signed: {actor}'s command needs {actor}'s private key "
                                  "(play --key FILE, or signer= in the API); nothing was written")
    if signer.public != keys[actor]:
        other = next((a for a, k in keys.items() if k == signer.public), "")
        whose = f"{other}'s key" if other else "a key not registered in this game"
        raise RuleViolation(RULE, f"the key given is {whose}, not {actor}'s: a command is signed by its "
                                  "issuer's own key; nothing was written")
    return signer


def signing(signer: Signer | None, actor: str, ctype: str, payload: str,
            game: str = "") -> Callable[[str], str] | None:
    """The log's callback: given PREV inside the append transaction, the signature of this command."""
    if signer is None:
        return None
    return lambda prev: signer.sign(message(prev, actor, ctype, payload, game))


def key_problems(seats, where: str = "seats") -> list[str]:
    """Bad keys: not 64 hex digits or no usable curve point, of an actor holding no seat, twice, missing.

    A usable point is decided by engine/ed25519_point.py.

    A game with keys is signed, so every seated actor (players, referee, host) needs one.
    """
    keys = seats.keys
    if not keys:
        return []
    seated = set(seats.factions.values()) | {a for a in (seats.referee, seats.host) if a}
    out = [f"{where}.keys.{a[:64]}: not an Ed25519 public key (64 lowercase hex digits, as `turnlog keygen` "
           "prints)" for a, k in keys.items() if not is_hex(k, 64)]
    out += [f"{where}.keys.{a[:64]}: not an Ed25519 public key: {why}; that seat could never sign"
            for a, k in keys.items() if is_hex(k, 64) and (why := point_problem(bytes.fromhex(k)))]
    out += [f"{where}.keys.{a[:64]}: {a[:64]!r} holds no seat in this game" for a in keys if a not in seated]
    owner: dict[str, str] = {}
    out += [f"{where}.keys.{a[:64]}: the same key as {owner[k]}'s (each seat signs with its own)"
            for a, k in keys.items() if owner.setdefault(k, a) != a]
    out += [f"{where}.keys: {a!r} is seated but has no key (a signed game needs one for every seated actor)"
            for a in sorted(seated) if a not in keys]
    return out


def check_log(rows: Iterable[tuple], keys: dict[str, str],
              game: str = "") -> tuple[int, int | None, str]:
    """Check every command's signature; return (commands checked, first bad seq or None, why).

    ``rows`` are EventLog.command_signatures(); ``game`` is GameCreated's identity. The setup (seq 1,
    LoadScenario) is signed by no one: each player's first signature covers it through PREV.
    Neither is a fork's ForkGame, written by the fork unsigned and by no actor (engine/identity.py;
    one signed or naming an actor is named here): the signatures after it cover the fork's new
    identity, and verify's re-execution judges the row itself. Raises
    Unavailable without the optional extra.
    """
    done = 0
    for seq, cid, actor, ctype, payload, signature, prev in rows:
        if seq == 1 and ctype == "LoadScenario":
            continue
        if ctype == "ForkGame":
            if signature or actor:
                how = "is signed" if signature else f"names {actor}"
                return done, seq, (f"command {cid} (ForkGame) {how}: a fork writes its identity "
                                   "row unsigned, by no actor")
            game = ID.forked_id(game, _nonce(payload))
            continue
        what = f"command {cid} ({ctype}) by {actor or '(no actor named)'}"
        public = keys.get(actor or "")
        if public is None:
            return done, seq, f"{what}: {actor or '(no actor named)'} has no key in this game, so cannot sign"
        if not signature:
            return done, seq, f"{what} carries no signature"
        msg = message(prev, actor, ctype, payload, game)
        if not valid(public, msg, signature):
            other = next((a for a, k in keys.items() if a != actor and valid(k, msg, signature)), "")
            why = (f"it is signed with {other}'s key, not {actor}'s" if other else
                   f"it does not verify under {actor}'s key over this command and the row before it "
                   "(forged, copied from another row, or the command was edited)")
            return done, seq, f"{what}: {why}"
        done += 1
    return done, None, ""


def _nonce(payload: str) -> str:
    """A ForkGame payload's nonce ("" when unreadable: re-execution names that row)."""
    try:
        nonce = msgspec.json.decode(payload).get("nonce", "")
    except (msgspec.DecodeError, AttributeError):
        return ""
    return nonce if isinstance(nonce, str) else ""


def fingerprints(keys: dict[str, str]) -> list[str]:
    """"ACTOR KEY" of each registered key, to compare with the keys the players exchanged out of band."""
    return [f"{a} {k}" for a, k in sorted(keys.items())]
