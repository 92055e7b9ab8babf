"""The corrections of rule 9 that edition 3 made, each gated by ``applies(state, RULING)``.

A game created under edition 2 is judged as it was played (tests/test_9_edition_2_*).
"""
from __future__ import annotations

from turnlog.events.editions import AUDITED, Ruling, applies

COVERING_KINDS = Ruling("covering_kinds", AUDITED, "9.1.1a",
                        "a terrain type named for a covering kind covers without war.covering")
SEGMENT_HOLDS = Ruling("segment_holds", AUDITED, "9.1.1",
                       "the Combat Phase holds until its mandatory attacks are designated")
OPTION_FIXED = Ruling("option_fixed", AUDITED, "9.1.1-QA",
                      "the artillery-shift option is the game's, fixed by its first designation")
SHIFT_ON_ENEMY = Ruling("shift_on_enemy", AUDITED, "9.1.1-QA",
                        "a reported shift lies on a hex holding an enemy unit, each hex named once")
TERRAIN_HEX = Ruling("terrain_hex", AUDITED, "9.2.1",
                     "an assault on several hexes records the hex whose terrain it reads")
NAMED_ONCE = Ruling("named_once", AUDITED, "9.2.0",
                    "a result naming one eliminated unit twice is refused")
LAPSE_UNDER_9_1_0 = Ruling("lapse_under_9_1_0", AUDITED, "9.1.0",
                           "a required hex no designated unit can attack lapses under 9.1.0")
TERRAIN_WORDS = Ruling("terrain_words", 6, "9.1.1a",
                       "a fortress or fortified feature or terrain is a fortification and covers; a hex's "
                       "terrain word means what the engine's terrain table gives it without restating")


def words(state) -> bool:
    """Whether the game reads terrain words without the scenario restating them (``terrain_words``)."""
    return applies(state, TERRAIN_WORDS)
