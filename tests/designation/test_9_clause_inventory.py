"""Every clause id of 9.0-9.2.4 is cited by a rule 9 test, at paragraph level.

The ids are those of the reading notes' clause inventory (../shared/notes/wave2-reading-notes.md §3.1),
copied here so that the check needs nothing outside the repository. A test cites an id in its docstring
(``9.1.0¶3: ...``) or in its name (``test_9_1_0_pn_...`` for ``9.1.0-PN``). Module docstrings do not count:
an id must be pinned to a test that exercises it.
"""
from __future__ import annotations

import re
from clause_inventory import citations

#: The inventory's ids that carry a behaviour: rule paragraphs, the Q&A, the 9.1.2 note, play notes and
#: worked examples. The inventory's row 9.2.4-DN/PN/EX is split into its three parts.
CLAUSE_IDS = [
    "9.0¶1", "9.0¶2",
    "9.1.0¶1", "9.1.0¶2", "9.1.0¶3", "9.1.0¶4", "9.1.0¶5", "9.1.0-PN",
    "9.1.1¶1", "9.1.1¶2", "9.1.1-QA¶1", "9.1.1-QA¶2",
    "9.1.1a¶1", "9.1.1a¶2", "9.1.1a-EX",
    "9.1.2¶1", "9.1.2-IMP",
    "9.1.3¶1", "9.1.3¶2",
    "9.2.0¶1", "9.2.0¶2", "9.2.0¶3",
    "9.2.1¶1", "9.2.1¶2", "9.2.1¶3",
    "9.2.2¶1", "9.2.2¶2", "9.2.2-PN",
    "9.2.3¶1", "9.2.3¶2",
    "9.2.4¶1", "9.2.4-PN", "9.2.4-EX",
]

#: Design notes give the designer's reasons and require nothing, so no test can exercise them
#: (docs/rulings.md, rule 9, "Not applicable here").
RATIONALE_ONLY = ["9.1.1-DN", "9.1.1a-DN", "9.2.4-DN"]


def _citations() -> list[tuple[str, str]]:
    """(name, docstring) of every test function in tests/designation/test_9_*.py but this file."""
    return citations("test_9_*.py", __file__)


def _cited(clause: str, name: str, doc: str) -> bool:
    """Whether a test cites ``clause``: as written in its docstring, or in its name's spelling (dots and
    dashes as '_', '¶' as '_p', lower case: 9.1.0-PN is test_9_1_0_pn_...)."""
    # the boundaries keep 9.1.1¶1 from matching inside 9.1.1¶10 or 19.1.1¶1
    in_doc = re.search(rf"(?<![\w.]){re.escape(clause)}(?![\w¶])", doc)
    as_name = re.sub(r"[.\-]", "_", clause).replace("¶", "_p").lower()
    return bool(in_doc or re.search(rf"(?:^|_){re.escape(as_name)}(?:_|$)", name))


def test_9_clause_inventory_every_id_is_cited_by_a_test():
    cites = _citations()
    missing = [cl for cl in CLAUSE_IDS if not any(_cited(cl, name, doc) for name, doc in cites)]
    assert not missing, f"no test in tests/designation/test_9_*.py names or documents: {', '.join(missing)}"


def test_9_clause_inventory_the_list_has_no_duplicates_and_the_search_finds_only_whole_ids():
    assert len(set(CLAUSE_IDS)) == len(CLAUSE_IDS) and not set(CLAUSE_IDS) & set(RATIONALE_ONLY)
    assert _cited("9.1.1¶1", "test_x", "9.1.1¶1, 9.1.1a¶1: ...")
    assert not _cited("9.1.1¶1", "test_9_1_1a_p1", "9.1.1a¶1 and 9.1.1¶10 and 19.1.1¶1")
    assert _cited("9.1.0-PN", "test_9_1_0_pn_a_marked_unit", "")
    assert not _cited("9.1.0-PN", "test_9_1_0_pna", "9.1.0-PNA")
