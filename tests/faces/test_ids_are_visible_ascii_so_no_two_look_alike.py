"""The id alphabet (docs/scenario.md): an id is 1-64 visible ASCII characters, so no two ids of a scenario
can look the same and differ. A zero-width space after `us-inf-1`, U+2010 hyphens, Arabic-Indic digits or a
Cyrillic letter are refused by field, naming the character and its position; the bundled scenarios hold."""
from __future__ import annotations

import msgspec
import pytest

from fixtures.backbone import ROOT

from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError

BASE = (ROOT / "engine" / "scenarios" / "bridgehead-14-65.toml").read_text()


@pytest.mark.parametrize("unit_id, char, pos", [
    ("us-inf-1\u200b", "U+200B", 9),       # zero-width space: looks like us-inf-1
    ("us\u2010inf\u20101", "U+2010", 3),    # hyphen, not hyphen-minus
    ("us-inf-\u0661", "U+0661", 8),         # Arabic-Indic digit one
    ("us-\u0456nf-1", "U+0456", 4),         # Cyrillic i
], ids=["zero-width-space", "unicode-hyphen", "arabic-indic-digit", "cyrillic-letter"])
def test_a_look_alike_unit_id_is_refused_by_field(unit_id, char, pos):
    doc = msgspec.json.decode(msgspec.json.encode(S.parse(BASE, "toml")))
    doc["units"][1]["id"] = unit_id
    with pytest.raises(ScenarioError) as err:
        S.parse(msgspec.json.encode(doc), "json", "s.json")
    assert "units[1].id:" in str(err.value) and f"{char} at position {pos} is not" in str(err.value)
    assert "visible ASCII" in str(err.value)


def test_a_look_alike_actor_is_refused():
    doc = msgspec.json.decode(msgspec.json.encode(S.parse(BASE, "toml")))
    doc["seats"] = {"factions": {"AX": "alice\u200b", "WA": "alice"}}
    with pytest.raises(ScenarioError, match=r"seats\.factions\.AX: .*U\+200B at position 6"):
        S.parse(msgspec.json.encode(doc), "json", "s.json")


def test_every_bundled_scenario_keeps_to_the_alphabet():
    for name in S.bundled_names():
        S.load(name)
