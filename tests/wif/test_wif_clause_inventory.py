"""Every clause id of the WiF land-combat texts is cited by a test.

The ids are the reading notes' clause inventory (../shared/notes/wave2-reading-notes.md §1.1), copied here so
the check needs nothing outside the repository. A test cites an id in its docstring (``11.16.5-T3: ...``) or
in its name (``test_wif_t3_...`` for ``11.16.5-T3``; ``test_wif_22_4_2_...`` for 22.4.2). Module docstrings
do not count. Part A's ids (the choosing-tables text and R1) and part B's (results, first losses, kampfgruppen) are
listed apart, as the two parts were built.
"""
from __future__ import annotations

import re
from clause_inventory import citations


#: Part A: the choosing-tables text, 11.16.4, 16.3, 22.4.2, its example, and R1.
PART_A_IDS = [
    "11.16.5-T1", "11.16.5-T2", "11.16.5-T3", "11.16.5-T4", "11.16.5-T5", "11.16.5-T6", "11.16.5-T7",
    "11.16.5-T8", "11.16.5-T9a", "11.16.5-T9b", "11.16.5-T9c", "11.16.5-T9d", "11.16.5-T9e", "11.16.5-T9f",
    "11.16.4", "16.3", "22.4.2-AT", "22.4.2-AA", "EX-T", "11.16.5-R1",
]

#: Part B: results, casualty points, first losses, kampfgruppen and their examples.
PART_B_IDS = [
    "11.16.5-R2", "11.16.5-R3", "11.16.5-R4a", "11.16.5-R4b", "11.16.5-R4c", "11.16.5-R4d", "11.16.5-R4e",
    "EX-R", "11.16.5-K1a", "11.16.5-K1b", "11.16.5-K1c", "11.16.5-K2a", "11.16.5-K2b", "11.16.5-K2c", "EX-K",
]

#: Design rationale: it requires nothing a test could exercise.
RATIONALE_ONLY = ["BG-T", "BG-K"]


def _citations() -> list[tuple[str, str]]:
    """(name, docstring) of every test function in tests/wif/test_wif_*.py but this file."""
    return citations("test_wif_*.py", __file__)


def _cited(clause: str, name: str, doc: str) -> bool:
    """Whether a test cites ``clause``: as written in its docstring, or in its name's spelling (the
    11.16.5- prefix dropped, dots and dashes as '_', lower case: 11.16.5-T9a is test_wif_t9a_...)."""
    in_doc = re.search(rf"(?<![\w.]){re.escape(clause)}(?![\w])", doc)
    short = clause.removeprefix("11.16.5-")
    as_name = re.sub(r"[.\-]", "_", short).lower()
    return bool(in_doc or re.search(rf"(?:^test_wif_|_){re.escape(as_name)}(?:_|$)", name))


def test_wif_clause_inventory_every_part_a_id_is_cited_by_a_test():
    cites = _citations()
    missing = [cl for cl in PART_A_IDS if not any(_cited(cl, name, doc) for name, doc in cites)]
    assert not missing, f"no test in tests/wif/test_wif_*.py names or documents: {', '.join(missing)}"


def test_wif_clause_inventory_every_part_b_id_is_cited_by_a_test():
    cites = _citations()
    missing = [cl for cl in PART_B_IDS if not any(_cited(cl, name, doc) for name, doc in cites)]
    assert not missing, f"no test in tests/wif/test_wif_*.py names or documents: {', '.join(missing)}"


def test_wif_clause_inventory_the_lists_have_no_duplicates_and_the_search_finds_only_whole_ids():
    ids = PART_A_IDS + PART_B_IDS
    assert len(set(ids)) == len(ids) and not set(ids) & set(RATIONALE_ONLY)
    assert _cited("11.16.5-T9a", "test_x", "11.16.5-T9a: clear")
    assert not _cited("11.16.5-T9", "test_x", "11.16.5-T9a")
    assert not _cited("11.16.5-T1", "test_wif_t12_x", "11.16.5-T12")
    assert _cited("22.4.2-AT", "test_wif_22_4_2_at_and_aa", "")
    assert _cited("11.16.5-T3", "test_wif_t3_ties", "")
