"""Issue 15's done-when for the results text: every clause id of 11.16.5-R2 to K2c is cited by a WiF test.

The ids are the reading notes' (§1.1, results and kampfgruppe file), copied here so that the check needs
nothing outside the repository. A test function cites an id in its docstring (``11.16.5-R4a``) or in its
name, by the id's short form (``test_r4a_...``, ``test_ex_k_...``). Module docstrings do not count.
The table part's ids (T1-T9f, R1 and the others of the choosing-tables file) are part A's to list.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

TESTS = Path(__file__).parent

CLAUSE_IDS = ["11.16.5-R2", "11.16.5-R3", "11.16.5-R4a", "11.16.5-R4b", "11.16.5-R4c", "11.16.5-R4d",
              "11.16.5-R4e", "EX-R", "11.16.5-K1a", "11.16.5-K1b", "11.16.5-K1c", "11.16.5-K2a", "11.16.5-K2b",
              "11.16.5-K2c", "EX-K"]
#: Design rationale that requires nothing (notes §1.1).
RATIONALE_ONLY = ["BG-K"]


def _citations() -> list[tuple[str, str]]:
    out = []
    for path in sorted(TESTS.glob("test_wif_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                out.append((node.name, ast.get_docstring(node) or ""))
    return out


def _cited(clause: str, name: str, doc: str) -> bool:
    in_doc = re.search(rf"(?<![\w.]){re.escape(clause)}(?![\w])", doc)
    short = clause.removeprefix("11.16.5-").replace("-", "_").lower()
    return bool(in_doc or re.search(rf"(?:^|_){re.escape(short)}(?:_|$)", name))


def test_every_results_clause_is_cited_by_a_test():
    cites = _citations()
    missing = [cl for cl in CLAUSE_IDS if not any(_cited(cl, n, d) for n, d in cites)]
    assert missing == [], f"clause ids no WiF test cites: {missing}"
