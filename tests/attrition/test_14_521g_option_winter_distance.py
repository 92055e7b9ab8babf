"""14.521G scope: whether the three-hex limit on other Axis losses binds a Russian winter attrition that
designated no hex.

Reading (docs/rulings.md, Open questions): it binds every Russian winter attrition (the engine's reading);
``rules.attrition.winter_distance = "designations"`` limits it to attritions that designated hexes, since the
clause is one of the designation procedure's letters. Position as tests/attrition/test_14_521g_winter_losses.py
(die 3: 4C/2H; ge-3h three hexes from an attritioned unit, ge-far five).
"""
from __future__ import annotations

from turnlog.engine.commands import DesignateWinterHexes

from helpers import refused
from test_14_521g_winter_losses import WINTER, losses, rolled

DESIGNATIONS = {**WINTER, "attrition": {"winter_distance": "designations"}}


def test_14_521g_default_binds_without_designations(tmp_path):
    g = rolled(tmp_path)
    refused(g, losses("ge-far", "ge-3", "ge-4", "ge-5"), "14.521G")


def test_14_521g_option_designations_frees_an_attrition_without_designations(tmp_path):
    g = rolled(tmp_path, rules=DESIGNATIONS)
    g.execute(losses("ge-far", "ge-3", "ge-4", "ge-5"))
    assert g.state.units["ge-far"].eliminated


def test_14_521g_option_designations_still_binds_once_hexes_are_designated(tmp_path):
    g = rolled(tmp_path, rules=DESIGNATIONS)
    g.execute(DesignateWinterHexes(procedure="A1", losses=["0404"]))
    refused(g, losses("ge-4", "ge-far", "ge-3", "ge-5"), "14.521G")
    g.execute(losses("ge-4", "ge-3h", "ge-3", "ge-5"))
