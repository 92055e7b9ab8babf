"""Every command of every built-in kind is in turnlog.commands.NAMES, in docs/commands.md and in the REPL's Tab.

The names are gathered from the registry (engine/kinds.py): a kind's commands are known once it is
loaded, and the REPL completes `do` from the same vocabulary, and a procedure id of any kind.
"""
from __future__ import annotations

import io
import re
from pathlib import Path

from turnlog import commands as c
from turnlog.engine import kinds
from turnlog.engine.faces.repl import Shell

from helpers import new_game
from war_helpers import game as war_game, u

DOCS = Path(__file__).resolve().parents[2] / "docs" / "commands.md"
BUILT_IN = ("turn", "attrition", "designation", "wif", "assault")


def _built_in_commands() -> set[str]:
    kinds.load_all()
    return {cls.__name__ for name in BUILT_IN for cls in kinds.kind(name).commands}


def test_names_holds_every_command_of_every_built_in_kind():
    assert _built_in_commands() - {"Undo", "Redo", "RevealSeed"} <= set(c.NAMES)
    assert {"BeginLandCombat", "DeclareAssault", "DeclareGroundAssault", "BeginAttrition"} <= set(c.NAMES)


def test_docs_commands_md_names_every_command():
    text = DOCS.read_text(encoding="utf-8")
    listed = set(re.findall(r"`([A-Z][A-Za-z]+)`", text))
    missing = sorted(set(c.vocabulary()) - listed - {n for n in c.vocabulary() if "Toy" in n or "Skirmish" in n})
    assert not missing, f"docs/commands.md does not list {missing}"


def test_repl_completes_every_command_and_any_kinds_procedure(tmp_path):
    g = war_game(tmp_path, [u("a1", "0202"), u("e1", "0302")])
    try:
        sh = Shell(g, stdin=io.StringIO(""), stdout=io.StringIO(), history=None)
        offered = {n.strip() for n in sh.complete_do("", "do ", 3, 3)}
        assert _built_in_commands() - {"Undo", "Redo"} <= offered
        assert "C1" in sh.complete_do("", "do EndAttackDesignation procedure=", 36, 36)
    finally:
        g.close()
