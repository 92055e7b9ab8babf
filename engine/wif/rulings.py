"""The corrections of WiF land combat (11.16.5) that editions 3 and 5 made, each gated by ``applies``.

A game created under an earlier edition is judged as it was played (tests/test_wif_edition_2_*;
tests/wif/test_wif_11_16_4_odds_from_the_board.py for edition 5).
"""
from __future__ import annotations

from turnlog.events.editions import AUDITED, Ruling

BOARD_ODDS = 5  # the edition that computes a land combat's odds from the board

TABLE_ENDS = Ruling("table_ends", AUDITED, "11.16.5-R1",
                    "a table runs from 1:2 to its kind's last column (8:1 blitz, 10:1 assault)")
ONE_D10 = Ruling("one_d10", AUDITED, "11.16.5-T7",
                 "each side's die is one ten-sided die (option 43)")
GUN_WHOLE = Ruling("gun_whole", AUDITED, "11.16.5-T5", "a gun is never halved as a division")
ENG_USED_IS_ENG = Ruling("eng_used_is_eng", AUDITED, "11.16.5-R4d",
                         "eng_used naming a unit that is no ENG is refused")
HALF_PAYER = Ruling("half_payer", AUDITED, "11.16.5-K1b",
                    "an open half casualty falls on the last corps listed, paid past or not")
ODDS_FROM_BOARD = Ruling("odds_from_board", BOARD_ODDS, "11.16.4",
                         "odds left out are computed from the units' factors, multipliers and the "
                         "claimed ground support; in fair play, given odds reading another column, or "
                         "a river multiplier the hexsides refute, are refused")
TERRAIN_WORDS = Ruling("terrain_words", 6, "11.16.5-T7, T9",
                       "a hex's terrain word means what the engine's terrain table gives it without the "
                       "scenario restating it (clear/desert: the ARM bonus; forest, woods -1; jungle, "
                       "mountain, swamp -2; city -2, no bonus); a fortification, like a fortress or "
                       "fortified feature or terrain, makes a Fortified hex (T9f)")
OWN_LOSSES = Ruling("own_losses", 6, "11.16.5-R2",
                    "a side whose units have several owners takes its losses in parts, each owner listing "
                    "only its own units; the side's lead no longer picks for the others")
