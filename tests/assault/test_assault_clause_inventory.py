"""Every paragraph id of the reading notes' assault inventory (§2.1, ids AS-* invented
there) and every worked example is cited by an assault test.

The ids are copied here so that the check needs nothing outside the repository. A test cites an id in its
name (``test_as_ret_5_...`` for AS-RET.5, ``test_as_def_1_5_...`` for AS-DEF.1 to 5, ``test_as_cap_5_ex1_...``
for AS-CAP.5 and its example 1) or in its own docstring
(``AS-RET.5``); module docstrings do not count: an id must be pinned to a test that exercises it.
"""
from __future__ import annotations

import re
from pathlib import Path

from clause_inventory import citations

ROOT = Path(__file__).resolve().parents[2]

CLAUSE_IDS = [
    "AS-GEN.1", "AS-GEN.2",
    "AS-ATK.1", "AS-ATK.2", "AS-ATK.3", "AS-ATK.4",
    "AS-COST.1", "AS-COST.2", "AS-COST.3",
    "AS-DEF.1", "AS-DEF.2", "AS-DEF.3", "AS-DEF.4", "AS-DEF.5", "AS-DEF.6",
    "AS-MAP.1", "AS-HA0.1", "AS-MOVE.1", "AS-TER.1", "AS-TER.2", "AS-UNIT.1", "AS-UNIT.2",
    "AS-CAP.1", "AS-CAP.2", "AS-CAP.3", "AS-CAP.4", "AS-CAP.5",
    "AS-DEMO.1", "AS-DEMO.2", "AS-ORG.1", "AS-ORG.2", "AS-BOC.1", "AS-RES.1", "AS-RES.2",
    "AS-DIS.1", "AS-DIS.2", "AS-DIS.3",
    "AS-RET.1", "AS-RET.2", "AS-RET.3", "AS-RET.4", "AS-RET.5",
    "AS-FAN.1", "AS-FAN.2", "AS-SRR.1", "AS-SRR.2",
]
EXAMPLES = ["AS-UNIT.Ex", "AS-CAP.Ex1", "AS-CAP.Ex2", "AS-CAP.Ex3", "AS-DIS.Ex"]


def _citations() -> list[tuple[str, str]]:
    """(name, docstring) of every test function in tests/assault/test_assault_*.py but this file."""
    return citations("test_assault_*.py", __file__)


def _named(name: str) -> set[str]:
    """The ids a test's name cites: ``test_as_<section>_<n>`` (``_<a>_<b>``: a range), and ``ex``/``ex<n>``."""
    m = re.match(r"test_as_([a-z0-9]+)_(.*)", name)
    if not m:
        return set()
    sec, rest = m.group(1).upper(), m.group(2).split("_")
    nums = []
    for tok in rest:
        if not tok.isdigit():
            break
        nums.append(int(tok))
    if len(nums) == 2 and nums[0] < nums[1]:
        nums = list(range(nums[0], nums[1] + 1))
    ids = {f"AS-{sec}.{n}" for n in nums}
    return ids | {f"AS-{sec}.{tok.capitalize()}" for tok in rest if re.fullmatch(r"ex\d*", tok)}


def _cited(clause: str, name: str, doc: str) -> bool:
    """Whether a test cites ``clause`` in its docstring (as written) or its name (``_named``)."""
    return re.search(rf"{re.escape(clause)}(?![\d])", doc) is not None or clause in _named(name)


def test_every_paragraph_id_and_example_is_cited_by_a_test():
    tests = _citations()
    missing = [c for c in CLAUSE_IDS + EXAMPLES if not any(_cited(c, n, d) for n, d in tests)]
    assert not missing, f"no assault test cites {', '.join(missing)}"


def test_the_inventory_is_the_notes_own():
    """The ids are those the narrative and refusals cite: each appears in the engine's assault modules."""
    src = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "engine" / "assault").glob("*.py"))
    absent = [c for c in CLAUSE_IDS if c not in src]
    assert not absent, f"the engine never cites {', '.join(absent)}"
