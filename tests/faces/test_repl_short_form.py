"""The REPL's short command form: what `legal` prints can be typed after `do`."""
from __future__ import annotations

import pytest

from turnlog.engine import commands as c
from turnlog.engine.errors import CommandError
from turnlog.engine.faces.repl import parse_short
from turnlog.events.attrition import Selection
from turnlog.events.setup import Feature, WeatherSpec


@pytest.mark.parametrize("text, command", [
    ("RollAttritionDie procedure=A1 value=4", c.RollAttritionDie(procedure="A1", value=4)),
    ("RollAttritionDie A1", c.RollAttritionDie(procedure="A1")),
    ("rollattritiondie A1 value=none", c.RollAttritionDie(procedure="A1")),
    ("StartPhase attrition", c.StartPhase(phase="attrition")),
    ("BeginAttrition attacker=AX zone=WA/western/0505", c.BeginAttrition(attacker="AX", zone="WA/western/0505")),
    ("BeginAttrition AX WA/western/0505 exclude=ge-1,ge-2",
     c.BeginAttrition(attacker="AX", zone="WA/western/0505", exclude=["ge-1", "ge-2"])),
    ("TakeAttritionLosses A1 units=us-inf-1,us-inf-2", c.TakeAttritionLosses(procedure="A1", units=["us-inf-1", "us-inf-2"])),
    ("TakeAttritionLosses A1 units=", c.TakeAttritionLosses(procedure="A1", units=[])),
    ("SelectOccupation A1 selections=0505:ge-pz-1+ge-inf-1,0406:ge-inf-2",
     c.SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1", "ge-inf-1"]),
                                                     Selection(hex="0406", units=["ge-inf-2"])])),
    ("RetreatUnits A1 retreats=us-1:0406,us-2", c.RetreatUnits(procedure="A1", retreats=[
        c.Retreat(unit="us-1", to="0406"), c.Retreat(unit="us-2")])),
    ("SetWeather weather=E:2", c.SetWeather(weather=WeatherSpec(zone="E", winter_level=2))),
    ("PlaceFeature 0505 feature=bridgehead:WA:river", c.PlaceFeature(hex="0505", feature=Feature(
        kind="bridgehead", owner="WA", origin="river"))),
    ('AddNote "two words"', c.AddNote(text="two words")),
    ('SelectOccupation A1 selections=[{"hex":"0505","units":["ge-pz-1"]}]',
     c.SelectOccupation(procedure="A1", selections=[Selection(hex="0505", units=["ge-pz-1"])])),
    ('{"type": "RollAttritionDie", "procedure": "A2"}', c.RollAttritionDie(procedure="A2")),
])
def test_short_forms(text, command):
    assert parse_short(text) == command


@pytest.mark.parametrize("text, message", [
    ("", "do needs a command"),
    ("Frobnicate x", "unknown command 'Frobnicate'"),
    ("RollAttritionDie A1 4 5", "RollAttritionDie: no field for '5'"),
    ("RollAttritionDie A1 value=four", "value: expected a whole number, got 'four'"),
    ("TakeAttritionLosses units=u1", "object missing required field `procedure`"),
    ("SetWeather weather=E:1:yes:extra", "weather: too many ':' parts"),
])
def test_bad_short_forms_name_the_problem(text, message):
    with pytest.raises(CommandError) as err:
        parse_short(text)
    assert message in str(err.value)


def test_optional_fields_follow_the_required_ones_positionally():
    assert parse_short("RollAttritionDie A1 4") == c.RollAttritionDie(procedure="A1", value=4)
    assert parse_short("AddNote text='it is 3, not 4'") == c.AddNote(text="it is 3, not 4")
