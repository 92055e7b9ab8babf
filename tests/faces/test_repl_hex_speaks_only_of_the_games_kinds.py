"""REPL `hex` adds a kind's own lines (rule 9's cover and targets) only in a game that uses that kind."""
from __future__ import annotations

import io

from turnlog.engine.faces.repl import Shell

from fixtures.backbone import bridgehead
from war_helpers import game as war_game, u


def run(game, *lines: str) -> str:
    out = io.StringIO()
    Shell(game, stdin=io.StringIO("\n".join(lines) + "\n"), stdout=out, history=None).cmdloop()
    return out.getvalue()


def test_hex_in_an_attrition_game_has_no_rule_9_line(tmp_path):
    from turnlog.engine import kinds
    kinds.load_all()  # every kind registered, as in a process that opened a rule-9 game before
    g = bridgehead(tmp_path / "b.db")
    try:
        text = run(g, "hex 0505")
    finally:
        g.close()
    assert "0505 (column" in text and "rule 9" not in text


def test_hex_in_a_rule_9_game_has_its_line(tmp_path):
    g = war_game(tmp_path, [u("a1", "0202"), u("e1", "0302")])
    try:
        assert "rule 9: Open terrain (9.1.1a)" in run(g, "hex 0302")
    finally:
        g.close()
