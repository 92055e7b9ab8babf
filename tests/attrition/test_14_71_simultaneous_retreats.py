"""14.71/14.75: every displaced unit retreats in one command, before any advance; units from one hex may
split between destinations.

Position: it-1 (0404, 9 factors) and it-2 (0403, 3) attrition 0503 and 0504 (11-20 column); die 8 gives
3C/2H. 0504 holds us-x, us-y and us-z, 0503 holds us-2; the losses are us-y and two rear units far away.
"""
from __future__ import annotations

from turnlog.engine.commands import Retreat, RetreatUnits
from turnlog.engine.errors import CommandError
from turnlog.events.game import UnitAdvanced, UnitRetreated

from helpers import refused
from retreat_position import at_retreat


def retreat(*pairs):
    return RetreatUnits(procedure="A1", retreats=[Retreat(unit=u, to=h) for u, h in pairs])


def test_14_71_every_displaced_unit_retreats_in_one_command(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, retreat(("us-x", "0604"), ("us-z", "0605")), "14.71")            # us-2 (0503) missing
    refused(g, retreat(("us-2", "0603")), "14.71")                                # 0504's units missing


def test_14_71_a_unit_that_is_not_displaced_may_not_retreat(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, retreat(("us-x", "0604"), ("us-z", "0605"), ("us-2", "0603"), ("it-1", "0605")), "14.71")


def test_14_71_a_unit_listed_twice_is_bad_input(tmp_path):
    g = at_retreat(tmp_path)
    refused(g, retreat(("us-x", "0604"), ("us-x", "0605"), ("us-z", "0605"), ("us-2", "0603")), None,
            CommandError)


def test_14_71_all_retreats_come_before_any_advance(tmp_path):
    g = at_retreat(tmp_path)
    written = [e for _, e in g.execute(retreat(("us-x", "0604"), ("us-z", "0604"), ("us-2", "0603")))]
    kinds = [type(e).__name__ for e in written if isinstance(e, (UnitRetreated, UnitAdvanced))]
    assert kinds == ["UnitRetreated"] * 3 + ["UnitAdvanced"] * 2
    assert {u: g.state.units[u].hex for u in ("us-x", "us-z", "us-2", "it-1", "it-2")} == {
        "us-x": "0604", "us-z": "0604", "us-2": "0603", "it-1": "0504", "it-2": "0503"}
    assert g.state.attritions["A1"].phase == "done"


def test_14_75_units_from_one_hex_may_split(tmp_path):
    g = at_retreat(tmp_path, both=False)
    g.execute(retreat(("us-x", "0604"), ("us-z", "0605")))
    assert (g.state.units["us-x"].hex, g.state.units["us-z"].hex) == ("0604", "0605")
