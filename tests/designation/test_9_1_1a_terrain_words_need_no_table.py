"""9.1.1a¶1 under the ``terrain_words`` ruling (edition 6): with no ``terrain_types`` in the scenario each
covering word of the text covers, as the hex's terrain or as a feature, and a fortress or fortified is a
fortification; clear, open and every other word are Open. A game of edition 5 re-executes as played.
INVENTED positions: an AX battalion in 0202 beside a US one in 0301."""
from __future__ import annotations

import msgspec
import pytest

import rogue_rows as rogue
from turnlog import commands as c
from turnlog.engine.verify import verify
from turnlog.events import designation as d
from turnlog.events.codec import decode, encode

from helpers import refused
from war_helpers import game, proc, u

UNITS = [u("a1", "0202"), u("e1", "0301")]
COVERING = ["location", "village", "town", "city", "woods", "forest", "fieldworks", "fortification",
            "fortress", "fortified"]


def at(tmp_path, spec: str, edition: int = 0):
    return game(tmp_path, UNITS, spec=spec, edition=edition, terrain_types=[])


@pytest.mark.parametrize("word", COVERING)
def test_9_1_1a_p1_a_covering_word_as_terrain_shelters_its_unit(tmp_path, word):
    g = at(tmp_path, f"0202:{word}")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == []


@pytest.mark.parametrize("word", COVERING)
def test_9_1_1a_p1_a_covering_word_as_a_feature_shelters_its_unit(tmp_path, word):
    g = at(tmp_path, f"0202:clear:{word}")
    g.execute(c.EndAttackDesignation(procedure="C1"))
    assert proc(g).required == []


@pytest.mark.parametrize("word", ["clear", "open", "mountain", "bocage", "swamp", "desert"])
def test_9_1_1a_p1_every_other_word_is_open_terrain(tmp_path, word):
    g = at(tmp_path, f"0202:{word}")
    assert "a1 (in Open terrain at 0202" in refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1").message


def test_9_1_1a_an_edition_5_game_re_executes_as_played(tmp_path):
    """Before ``terrain_words`` a fortress feature was no fortification: its unit is in Open terrain."""
    g = at(tmp_path, "0202:clear:fortress", edition=5)
    refused(g, c.EndAttackDesignation(procedure="C1"), "9.1.1")
    assert verify(g).ok


def test_9_1_1a_a_rogue_mandatory_attack_out_of_a_fortress_is_named_by_verify(tmp_path):
    """A log written around 9.1.1a (0301 required of a unit in a fortress, the chain intact): verify
    names its seq."""
    g = at(tmp_path, "0202:clear:fortress")
    cmd = c.EndAttackDesignation(procedure="C1")
    rows, at_ = [], 0
    for etype, version, data, auto in rogue.honest_rows(g, cmd):
        e = decode(etype, version, data)
        if isinstance(e, d.RequiredTargetsDetermined):
            at_ = len(rows)
            e = msgspec.structs.replace(e, hexes=["0301"], duties={"0301": ["a1"]})
            data = encode(e).decode()
        rows.append((etype, version, data, auto))
    seq = rogue.append(g, "EndAttackDesignation", msgspec.json.encode(cmd).decode(), rows)
    rep = verify(g)
    assert not rep.ok and rep.first_named() == seq + at_
