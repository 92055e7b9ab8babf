"""The corrections of WiF land combat (11.16.5) that edition 3 made, each gated by ``applies``.

A game created under edition 2 is judged as it was played (tests/test_wif_edition_2_*).
"""
from __future__ import annotations

from turnlog.events.editions import AUDITED, Ruling

TABLE_ENDS = Ruling("table_ends", AUDITED, "11.16.5-R1",
                    "a table runs from 1:2 to its kind's last column (8:1 blitz, 10:1 assault)")
ONE_D10 = Ruling("one_d10", AUDITED, "11.16.5-T7",
                 "each side's die is one ten-sided die (option 43)")
GUN_WHOLE = Ruling("gun_whole", AUDITED, "11.16.5-T5", "a gun is never halved as a division")
ENG_USED_IS_ENG = Ruling("eng_used_is_eng", AUDITED, "11.16.5-R4d",
                         "eng_used naming a unit that is no ENG is refused")
HALF_PAYER = Ruling("half_payer", AUDITED, "11.16.5-K1b",
                    "an open half casualty falls on the last corps listed, paid past or not")
