"""9.1.3: artillery and HQ never attack nor take a marker; a unit may not attack a hex whose terrain it may not
enter in movement, and such a hex imposes no duty on it (reading A13). INVENTED positions."""
from __future__ import annotations

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, to_assaults, u


def test_9_1_3_artillery_and_hq_are_never_designated_and_owe_nothing(tmp_path):
    """9.1.3¶2: artillery and HQ units are never designated, not even by PA mode, and owe nothing."""
    g = game(tmp_path, [u("art", "0202", cls="artillery"), u("hq", "0202", cls="hq", mode="pa"),
                        u("e1", "0301")])
    assert proc(g).pa == []   # a PA HQ is not designated by its mode
    refused(g, c.DesignateAttackers(procedure="C1", units=["art"]), "9.1.3")
    refused(g, c.DesignateAttackers(procedure="C1", units=["hq"]), "9.1.3")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == []


def test_9_1_3_a_hex_closed_to_the_units_class_is_neither_a_duty_nor_a_target(tmp_path):
    """9.1.3¶1: a hex closed to the unit's class in movement may not be attacked by it (reading A13)."""
    g = game(tmp_path, [u("tk", "0202", cls="armour"), u("e1", "0301"), u("e2", "0201")], spec="0301:marsh")
    to_assaults(g, "tk")
    assert proc(g).required == ["0201"]
    err = refused(g, c.DeclareGroundAssault(procedure="C1", attackers=["tk"], hexes=["0301"]), "9.1.3")
    assert "closed to armour" in err.message


def test_9_1_3_a_unit_whose_only_neighbour_is_closed_to_it_cannot_be_designated(tmp_path):
    """9.1.3¶1, 9.1.0¶1: with no enemy hex it could attack, the unit is not eligible."""
    g = game(tmp_path, [u("tk", "0202", cls="armour"), u("e1", "0301")], spec="0301:marsh")
    refused(g, c.DesignateAttackers(procedure="C1", units=["tk"]), "9.1.0")
