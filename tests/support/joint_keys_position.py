"""Joint-dice keys for the signed-share tests: drawn once per test session (an RSA key takes half a second).

``KEYS`` holds three holders' private keys (DER); ``begun`` makes a bridgehead game whose dice are joint
between the holders named, some keys held by the game and the rest registered by their public records.
"""
from __future__ import annotations

import functools

from turnlog.engine import joint_keys as K
from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition
from turnlog.engine.game import Game

ZONE = "WA/western/0505"
ROLL = "attrition/t2/AX/WA/western/0505"


@functools.lru_cache(maxsize=None)
def key(name: str) -> bytes:
    return K.new_key()


def begun(path, holders=("AX", "AL"), held=("AX", "AL"), actor: str = "", **kw) -> Game:
    """A joint-dice bridgehead game with the attrition begun (by ``actor``); ``held`` keys are held by it."""
    joint = {h: key(h) if h in held else K.record(key(h)) for h in holders}
    g = Game.create(path, S.load("bridgehead-14-65"), joint=joint, **kw)
    g.execute(BeginAttrition(attacker="AX", zone=ZONE), actor=actor)
    return g


__all__ = ["ROLL", "ZONE", "begun", "key"]
