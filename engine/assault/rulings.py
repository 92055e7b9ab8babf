"""The corrections of the Panzer Campaigns assault (AS-*) that edition 3 made, gated by ``applies``.

A game created under edition 2 is judged as it was played (tests/test_assault_edition_2_*).
"""
from __future__ import annotations

from turnlog.events.editions import AUDITED, Ruling, applies

from .. import terrain

ONE_FORMING = Ruling("one_forming", AUDITED, "AS-GEN.1",
                     "a unit joins one forming assault at a time")
BRIDGE_TRAVEL = Ruling("bridge_travel", AUDITED, "AS-MOVE.1",
                       "any bridged hexside needs Travel Mode, flagged a river or not")
BROKEN_ONLY = Ruling("broken_only", AUDITED, "AS-DEF.5",
                     "a Broken unit defends at x1/4 only, not also halved as Disrupted")
RETREAT_TRAVEL = Ruling("retreat_travel", AUDITED, "AS-RET.3",
                        "a retreat over a bridge or by road into closed terrain needs Travel Mode")
TERRAIN_WORDS = Ruling("terrain_words", 6, "AS-CAP.1, AS-BOC.1",
                       "a hex's terrain word means what the engine's terrain table gives it without the "
                       "scenario restating it: clear (and open) is Clear, bocage is Bocage")


def words(state) -> bool:
    """Whether the game reads terrain words without the scenario restating them (``terrain_words``)."""
    return applies(state, TERRAIN_WORDS)


def terrain_of(state, hex_: str):
    """The terrain type of ``hex_`` as this game reads it (engine/terrain.py; ``terrain_words``)."""
    return terrain.of_hex(state, hex_, words=words(state))
