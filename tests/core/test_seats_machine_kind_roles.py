"""A kind built on the kit (MachineKind) says who acts from its phase table's roles, generically;
a kind that says nothing (no ``who``, or None) leaves its commands to the phasing side or the host.

The toy kind (tests/support/skirmish/, INVENTED rules) rolls as the attacker; opening one is the phasing side's.
"""
from __future__ import annotations

import turnlog

from skirmish import procedure as T
from helpers import hexes, new_game, scenario, unit
from seats_position import refused_from

turnlog.register_kind(T.KIND)
SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "host": "hq", "claims": {"die": "any", "host-fact": "any", "report": "any"}}


def game(tmp_path):
    sc = scenario(hexes("0404:AX 0405:WA"), [unit("it-1", "IT", "0404", 4), unit("us-1", "US", "0405", 3)],
                  turn={"turn": 1, "season": "summer", "year": 1943, "active": "AX", "phase": "movement"},
                  dice={"hit": {"sides": 6}}, rules={"procedures": ["attrition", "skirmish"]})
    return new_game(tmp_path, sc, seats=SEATS)


def test_the_tables_roles_name_the_seat(tmp_path):
    g = game(tmp_path)
    err = refused_from(g, T.BeginSkirmish(attacker="AX", target="us-1"), "bob", "T.1")
    assert "BeginSkirmish is for the active, AX (seat alice); bob holds the seat of WA" in err.message
    g.execute(T.BeginSkirmish(attacker="AX", target="us-1"), actor="alice")
    err = refused_from(g, T.RollSkirmish(procedure="S1", value=6), "bob", "T.1")
    assert "is for the attacker, AX (seat alice)" in err.message
    g.execute(T.RollSkirmish(procedure="S1", value=6), actor="alice")


def test_a_kind_that_does_not_say_is_the_phasing_side_or_the_host(tmp_path, monkeypatch):
    monkeypatch.setattr(T.KIND, "who", lambda _state, _cmd: None)
    g = game(tmp_path)
    err = refused_from(g, T.BeginSkirmish(attacker="AX", target="us-1"), "bob", "seats.host")
    assert "is for the phasing side, AX (seat alice), or the host, hq" in err.message
    g.execute(T.BeginSkirmish(attacker="AX", target="us-1"), actor="hq")
