"""Named dice in a scenario: loaded, checked field by field, carried by GameCreated, projected."""
from __future__ import annotations

import msgspec
import pytest

from turnlog.engine import scenario as S
from turnlog.engine.errors import ScenarioError
from turnlog.engine.game import Game
from turnlog.events import codec
from turnlog.events.setup import DiceSpec, GameCreated

from helpers import SEED, scenario

HEX = [{"id": "0101", "col": 1, "row": 1, "controller": "AX"}]
TOML = """
name = "named dice"
[dice.attacker]
sides = 10
lowest = 0
[dice.morale]
sides = 6
[dice.pair]
count = 2
sides = 6
combine = "sum"
[[factions]]
id = "AX"
side = "axis"
[[nationalities]]
id = "GE"
faction = "AX"
[[hexes]]
id = "0101"
col = 1
row = 1
[turn]
season = "summer"
year = 1943
active = "AX"
"""


def test_toml_dice_tables_load_with_their_defaults():
    sc = S.parse(TOML, "toml")
    assert sc.dice == {"attacker": DiceSpec(sides=10, lowest=0), "morale": DiceSpec(sides=6, lowest=1),
                       "pair": DiceSpec(count=2, sides=6, lowest=1, combine="sum")}


BAD = [
    ("count 0", {"pair": {"count": 0, "sides": 6}}, "dice.pair.count: 0 is outside 1..100"),
    ("one side", {"coin": {"sides": 1}}, "dice.coin.sides: 1 is outside 2..1000"),
    ("lowest far off", {"d": {"sides": 6, "lowest": 5000}}, "dice.d.lowest: 5000 is outside -1000..1000"),
    ("unknown combine", {"pair": {"count": 2, "sides": 6, "combine": "avg"}},
     "dice.pair.combine: 'avg' is not one of 'sum', 'high', 'low', 'each'"),
    ("no sides", {"pair": {"count": 2}}, "dice.pair: object missing required field sides"),
    ("unknown field", {"pair": {"sides": 6, "colour": "red"}}, "dice.pair: object contains unknown field colour"),
    ("a string count", {"pair": {"sides": 6, "count": "2"}}, "dice.pair.count: expected int, got str"),
    ("not a table", {"pair": 6}, "dice.pair: expected object, got int"),
    ("a name with a space", {"my die": {"sides": 6}}, "dice.my die: 'my die': an id is 1-64 characters"),
    ("too many", {f"d{i}": {"sides": 6} for i in range(101)}, "dice: 101 named dice, more than the limit of 100"),
]


@pytest.mark.parametrize("dice, message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_named_die_is_refused_naming_its_field(dice, message):
    with pytest.raises(ScenarioError) as err:
        scenario(HEX, dice=dice)
    assert message in str(err.value)


def test_game_created_carries_the_dice_sorted_by_name_and_the_state_holds_them(tmp_path):
    sc = scenario(HEX, dice={"pair": {"count": 2, "sides": 6}, "attacker": {"sides": 10, "lowest": 0}})
    with Game.create(tmp_path / "g.db", sc, seed=SEED, public_seed=True) as g:
        created = g.events(1, 1)[0][1]
        assert list(created.dice) == ["attacker", "pair"]
        assert g.state.dice == created.dice
        assert g.at(1).dice == created.dice


def test_a_game_without_named_dice_writes_no_dice_field():
    # The bytes of GameCreated are those written before named dice existed: the field is omitted when empty.
    ev = GameCreated(name="x", seed_sha256="0" * 64)
    assert b"dice" not in codec.encode(ev)
    sc = scenario(HEX)
    assert sc.dice == {}
    assert "dice" not in msgspec.json.decode(codec.encode(S.setup_events(sc, "0" * 64)[0]))
