"""The corrections of rule 14 that edition 2 (its second reading) made, gated by ``applies``.

The four readings a scenario may set (``two_counters``, ``fortress_losses``, ``partisans_retreat``,
``winter_allowance``) follow the edition through common.py ``reading``; the corrections without a
scenario option are this ruling. A game created under edition 1 is judged as it was played.
"""
from __future__ import annotations

from turnlog.events.editions import Ruling

SECOND_READING = Ruling(
    "second_reading", 2, "14.521A, 14.74, 14.77, 14.22A/14.11",
    "adjacency not across impassable hexsides; overstack marks lapse at their owner's "
    "movement phase; bases only in the side's open hexes; an open attrition holds the board")

TERRAIN_WORDS = Ruling(
    "terrain_words", 6, "14.62D, 14.23D, 14.62C, 14.72A",
    "a hex's terrain word means what the engine's terrain table gives it without the scenario restating "
    "it (woods bars occupation as forest does); a fortified feature is a fortification")
