"""A game's identity: drawn at creation, new at every fork, covered by every signature and joint
share.

A fork copies the original's rows byte for byte, so up to the cut its tail is the original's tail.
Were a signature (or a joint-dice share) made in the fork over the tail alone, it would fit the
original too. So each game has an identity: 32 random hex digits in GameCreated.game_id, drawn by
Game.create. A fork adds one row at the cut, a ForkGame command whose GameForked event gives the
fork an identity of its own, derived from the identity it had and a fresh nonce (no fork can pick an
identity a game already had). The original's rows are untouched; a copy (export, import, `copy`)
keeps the identity, being the same game. A fork's seeded dice derive from its identity too
(GameForked.own_dice, engine/dice.py ``keyed``), so a roll in a fork tells nothing of the
original's roll under the same key; forks written before keep the original's dice. Signatures
(engine/signatures.py) and shares (engine/joint_keys.py) made after a row cover the identity in
force there. A game created before identities has "" until a fork gives it one; its signed text is
the one it always had.
"""
from __future__ import annotations

import hashlib
import os

import msgspec

from turnlog.events.game import GameForked

from .errors import CommandError, RuleViolation

RULE = "fork"
_PREFIX = b"turnlog/fork\0"
_HEX = frozenset("0123456789abcdef")


def new_id() -> str:
    """A fresh identity (or fork nonce): 128 random bits as 32 lower-case hex digits."""
    return os.urandom(16).hex()


def is_id(text) -> bool:
    """True when ``text`` is an identity (or nonce): 32 lower-case hex digits."""
    return isinstance(text, str) and len(text) == 32 and set(text) <= _HEX


def forked_id(previous: str, nonce: str) -> str:
    """The identity of a fork of the game ``previous`` made with ``nonce``."""
    return hashlib.sha256(_PREFIX + previous.encode() + b"\0" + nonce.encode()).hexdigest()[:32]


def forked(state, nonce: str, own_dice: bool = False) -> list[GameForked]:
    """The event of a fork's cut: the new identity, the one before it, and the cut's seq."""
    if not is_id(nonce):
        raise CommandError("nonce: a fork's nonce is 32 lower-case hex digits")
    was = state.game_id
    return [GameForked(game_id=forked_id(was, nonce), forked_from=was, at_seq=state.seq,
                       own_dice=own_dice)]


def not_as_forked(row: tuple) -> str | None:
    """Why a logged ForkGame command row is not the row a fork writes at its cut, or None.

    ``row`` is a command row (id, actor, type, payload, ...). Game.fork writes it by no actor,
    unsigned (engine/signatures.py names a signature on it), its payload the command's own encoding;
    its one GameForked is re-derived by verify's re-execution like any command's events.
    """
    cid, actor, _ctype, payload = row[:4]
    if actor:
        return (f"command {cid} is a ForkGame issued by {actor}: a fork's identity row is written "
                "by `turnlog fork` at the cut of a new file, by no actor, and is never played into "
                "a game")
    try:
        fields = msgspec.json.decode(payload, type=dict)
    except msgspec.DecodeError:
        fields = {}
    nonce = fields.get("nonce")
    # Forks written before a fork's own dice carry no own_dice; Game.fork writes it true now.
    wants = [msgspec.json.encode({"type": "ForkGame", "nonce": nonce, **extra}).decode()
             for extra in ({}, {"own_dice": True})]
    if not is_id(nonce) or payload not in wants:
        return (f"command {cid} is a ForkGame whose payload is {payload[:80]}, not the one a fork "
                "writes ({\"type\":\"ForkGame\",\"nonce\": 32 hex digits[, \"own_dice\": true]})")
    return None


def refuse_played() -> None:
    """A ForkGame is written by the fork itself at its cut, never played into a game."""
    raise RuleViolation(RULE, "ForkGame: a fork's identity is written by `turnlog fork` "
                              "(Game.fork) at the cut of the new file; it is never played into a "
                              "game; nothing was written")


def with_id(created):
    """GameCreated with a fresh identity."""
    return msgspec.structs.replace(created, game_id=new_id())
