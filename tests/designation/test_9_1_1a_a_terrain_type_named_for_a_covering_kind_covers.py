"""9.1.1a¶1: a hex whose terrain type is one of the text's covering kinds is covering terrain, whether or not
the scenario's terrain table marks it: the engine's default `forest` entry (an attrition entry with no `war`
reading) and an undeclared `town` type both shelter their units; a `clear` or undeclared `hill` type does not.
INVENTED positions."""
from __future__ import annotations

import pytest

from turnlog import commands as c

from helpers import refused
from war_helpers import game, proc, u


@pytest.mark.parametrize("kind", ["forest", "town", "fortification"])
def test_9_1_1a_p1_a_type_named_for_a_covering_kind_shelters_its_unit(tmp_path, kind):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], spec=f"0202:{kind}")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == []


@pytest.mark.parametrize("kind", ["clear", "hill"])
def test_9_1_1a_p1_any_other_type_is_open(tmp_path, kind):
    g = game(tmp_path, [u("a1", "0202"), u("e1", "0301")], spec=f"0202:{kind}")
    assert "a1 (in Open terrain at 0202" in refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1").message
