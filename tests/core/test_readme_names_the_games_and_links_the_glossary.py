"""The README names the game each rule number comes from, says `diagram --format svg` needs
Graphviz, and links docs/glossary.md, which explains the words a newcomer meets, in the project's own words."""
from __future__ import annotations

import re

from fixtures.backbone import ROOT

README = (ROOT / "README.md").read_text()
GLOSSARY = ROOT / "docs" / "glossary.md"
RULES = ROOT.parent / "shared" / "rules"


def test_the_readme_names_each_game_of_the_rule_numbers():
    table = README[README.index("### Where the rule numbers come from"):]
    for game in ("A World at War", "World in Flames", "Panzer Campaigns", "Wacht am Rhein"):
        assert game in table, game
    assert "11.16.5" in table and "9.x" in table and "14.x" in table


def test_the_readme_says_svg_diagrams_need_graphviz():
    row = next(line for line in README.splitlines() if line.startswith("| `turnlog diagram"))
    assert "Graphviz" in row and "apt install graphviz" in row


def test_the_glossary_is_linked_and_defines_the_newcomers_words():
    assert "(docs/glossary.md)" in README and GLOSSARY.exists()
    terms = re.findall(r"^\*\*(.+?)\*\*", GLOSSARY.read_text(), re.M)
    text = " ".join(terms)
    for word in ("C/H result", "CTL", "Zone", "A1", "seq", "Anchor", "Command, event", "Undo, undo barrier",
                 "Seat", "Choice", "Kind", "Phase", "Committed seed", "Automatic"):
        assert word in text, word


def test_the_glossary_copies_no_sentence_of_the_rules_texts():
    if not RULES.is_dir():
        import pytest
        pytest.skip(f"the rules texts are not at {RULES}")
    words = lambda t: re.findall(r"[a-z0-9]+", t.lower())  # noqa: E731
    rules = " " + " ".join(" ".join(words(p.read_text())) for p in RULES.glob("*.txt")) + " "
    mine = words(GLOSSARY.read_text())
    copied = [" ".join(mine[i:i + 8]) for i in range(len(mine) - 7) if f" {' '.join(mine[i:i + 8])} " in rules]
    assert not copied, copied
