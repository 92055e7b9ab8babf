"""Every scenario field has a domain, checked at load, documented in docs/scenario.md.

The checks live in engine/domains.py, not on the spec Structs, because those Structs are also the payloads of
logged setup events: a log written with an out-of-domain value must still decode, replay and verify."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine import domains
from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from fixtures.backbone import ROOT
from helpers import SEED, scenario

HEXES = [{"id": "0101", "col": 1, "row": 1, "controller": "AX"}]
UNITS = [{"id": "ge-1", "nationality": "GE", "factors": 3, "hex": "0101"}]


def doc(**edit) -> dict:
    d = msgspec.to_builtins(scenario(HEXES, UNITS))
    for path, value in edit.items():
        target, keys = d, path.split("__")
        for k in keys[:-1]:
            target = target[int(k)] if k.isdigit() else target.setdefault(k, {})
        target[keys[-1]] = value
    return d


ABSURD = [  # the values the issue found accepted, each refused with its path
    ("winter level -7", {"turn__weather": [{"zone": "E", "winter_level": -7}]}, "turn.weather[0].winter_level: -7"),
    ("winter level 2^62", {"turn__weather": [{"zone": "E", "winter_level": 2**62}]},
     "turn.weather[0].winter_level: 4611686018427387904 is outside 0..10"),
    ("10^18-sided die", {"die": {"sides": 10**18}}, "die.sides: 1000000000000000000 is outside 2..1000"),
    ("factors 1e30", {"units__0__factors": 1e30}, "units[0].factors: expected int, got float"),
    ("factors 10^30", {"units__0__factors": 10**30}, "units[0].factors"),
    ("turn 2^63", {"turn__turn": 2**63 - 1}, "turn.turn: 9223372036854775807 is outside 1..99999"),
    ("phase nonsense", {"turn__phase": "nonsense"}, "turn.phase: 'nonsense' is not a phase"),
    ("empty unit id", {"units__0__id": ""}, "units[0].id: an id may not be empty"),
    ("id with a newline", {"units__0__id": "ge\n1"}, "units[0].id: 'ge\\n1': an id is 1-64 characters"),
    ("escape in a name", {"factions__0__name": "\x1b]0;x\x07"}, "factions[0].name"),
    ("huge ctl", {"nationalities__0__ctl": 99}, "nationalities[0].ctl: 99 is outside 0..10"),
    ("negative col", {"hexes__0__col": -10**6}, "hexes[0].col: -1000000 is outside -99999..99999"),
    ("long description", {"description": "x" * 10_001}, "description: 10001 characters"),
    ("terrain assault modifier -100%", {"terrain_types": [{"id": "void", "pzc": {"assault_pct": -100}}]},
     "terrain_types[0].pzc.assault_pct: -100 is outside -99..1000"),  # AS-DIS.3 divides by 100 + M
]


@pytest.mark.parametrize("edit, message", [c[1:] for c in ABSURD], ids=[c[0] for c in ABSURD])
def test_an_absurd_value_is_refused_with_its_path(edit, message):
    with pytest.raises(ScenarioError) as err:
        S.parse(msgspec.json.encode(doc(**edit)), "json", "bad.json")
    assert message in str(err.value)


def test_a_description_keeps_its_line_breaks():
    S.parse(msgspec.json.encode(doc(description="two\nlines")), "json")


def test_every_int_field_a_file_can_set_has_a_range():
    assert domains._spec_int_fields(S.Scenario) == set(domains.INT_RANGES)


def test_every_domain_is_documented():
    text = (ROOT / "docs" / "scenario.md").read_text()
    section = text[text.index("## Domains and limits"):]
    for (owner, field), (lo, hi) in domains.INT_RANGES.items():
        assert any(f"{field}`" in ln and f"| {lo}..{hi}" in ln for ln in section.splitlines()), (owner, field)
    for key, n in domains.MAX_ITEMS.items():
        assert f"{n:,}" in section, key


def test_an_old_log_with_an_out_of_domain_value_still_decodes_replays_and_verifies(tmp_path, monkeypatch):
    # Such a log was written before the domains existed: make one by skipping the file check.
    monkeypatch.setattr(domains, "problems", lambda _sc: [])
    sc = S.parse(msgspec.json.encode(doc(**{"turn__weather": [{"zone": "E", "winter_level": 50}],
                                            "units__0__factors": 5000})), "json")
    Game.create(tmp_path / "old.db", sc, seed=SEED).close()
    monkeypatch.undo()
    with Game.open(tmp_path / "old.db") as g:
        assert g.state.units["ge-1"].factors == 5000
        assert verify(g).ok
