"""AS-CAP.1 and AS-BOC.1 under the ``terrain_words`` ruling (edition 6): with no ``terrain_types`` in the
scenario, clear (every hex's default) and open are Clear, so vehicles assaulting them pay no combined-arms
penalty, any other word is not Clear, and bocage halves a vehicle attacker's defence. A game of edition 5
re-executes as played. AS-CAP.Ex1's forces (14 vehicles and 100 infantry against 120); INVENTED ratings
and parameters."""
from __future__ import annotations

from fractions import Fraction

import msgspec
import pytest

import rogue_rows as rogue
from turnlog import commands as c
from turnlog.engine.verify import verify
from turnlog.events import assault as a
from turnlog.events.codec import decode, encode

from assault_helpers import PZC, of
from assault_values_helpers import game, unit

EX1 = [unit("a1", "0202", strength=14, kind="vehicles", assault=6, defence=8), unit("a2", "0202", strength=100),
       unit("e1", "0302", strength=120)]


def resolved(tmp_path, word: str, edition: int = 0) -> a.AssaultResolved:
    """AS-CAP.Ex1's assault on 0302 of terrain ``word`` (the default when empty), no terrain table."""
    g = game(tmp_path, EX1, spec=f"0302:{word}" if word else "", pzc=PZC, terrain_types=[], edition=edition)
    g.execute(c.DeclareAssault(hex="0302", units=["a1", "a2"]))
    [res] = of(g.execute(c.ResolveAssault(procedure="S1")), a.AssaultResolved)
    return res


def rules(res) -> list[str]:
    return [m.rule for m in res.modifiers]


@pytest.mark.parametrize("word", ["", "clear", "open"])
def test_as_cap_1_clear_and_open_hexes_are_clear_so_no_penalty(tmp_path, word):
    """AS-CAP.1: the penalty is for non-Clear hexes; a clear (default) or open hex is Clear."""
    assert "AS-CAP.5" not in rules(resolved(tmp_path, word))


@pytest.mark.parametrize("word", ["forest", "woods", "village", "bocage", "mountain", "city"])
def test_as_cap_1_any_other_word_is_not_clear_so_the_penalty_applies(tmp_path, word):
    """AS-CAP.1, AS-CAP.5: 20 defending infantry in excess: 2 of the 14 vehicles attack at half."""
    res = resolved(tmp_path, word)
    [cap] = [m for m in res.modifiers if m.rule == "AS-CAP.5"]
    assert cap.amount == Fraction(13, 14)


def test_as_boc_1_bocage_halves_the_vehicle_attackers_defence(tmp_path):
    """AS-BOC.1: a bocage hex with no table: the vehicle unit a1 defends at half (8 -> 4); a2 does not."""
    res = resolved(tmp_path, "bocage")
    assert [m.applies_to for m in res.modifiers if m.rule == "AS-BOC.1"] == ["defence:a1"]
    assert "AS-BOC.1" not in rules(resolved(tmp_path, "clear"))


def test_as_cap_1_boc_1_an_edition_5_game_re_executes_as_played(tmp_path):
    """Before ``terrain_words``: with no table a clear hex is not Clear (the penalty applies) and bocage
    halves nothing; the log verifies."""
    assert "AS-CAP.5" in rules(resolved(tmp_path, "clear", edition=5))
    assert "AS-BOC.1" not in rules(resolved(tmp_path, "bocage", edition=5))
    g = game(tmp_path, EX1, spec="0302:bocage", pzc=PZC, terrain_types=[], edition=5)
    g.execute(c.DeclareAssault(hex="0302", units=["a1", "a2"]))
    g.execute(c.ResolveAssault(procedure="S1"))
    assert verify(g).ok


def test_as_boc_1_a_rogue_result_without_the_bocage_halving_is_named_by_verify(tmp_path):
    """A log written around AS-BOC.1 (the result read without the halving, the chain intact): verify
    names its seq."""
    g = game(tmp_path, EX1, spec="0302:bocage", pzc=PZC, terrain_types=[])
    g.execute(c.DeclareAssault(hex="0302", units=["a1", "a2"]))
    cmd = c.ResolveAssault(procedure="S1")
    rows, at = [], 0
    for etype, version, data, auto in rogue.honest_rows(g, cmd):
        e = decode(etype, version, data)
        if isinstance(e, a.AssaultResolved):
            at = len(rows)
            e = msgspec.structs.replace(e, modifiers=[m for m in e.modifiers if m.rule != "AS-BOC.1"])
            data = encode(e).decode()
        rows.append((etype, version, data, auto))
    seq = rogue.append(g, "ResolveAssault", msgspec.json.encode(cmd).decode(), rows)
    rep = verify(g)
    assert not rep.ok and rep.first_named() == seq + at
