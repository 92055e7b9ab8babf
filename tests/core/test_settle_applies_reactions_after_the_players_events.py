"""``settle`` applies the player's events first, in order, then the reactions, first answered first applied
(a reaction's own reactions queue behind those already waiting), each marked automatic; a reaction that
never stops is cut by the loop guard. The loop was reshaped for speed; this pins the order it must keep.

The reacting kind is INVENTED (a stand-in offered ControlChanged events); the events are the board's own.
"""
from __future__ import annotations

import pytest

from turnlog.engine import game as G
from turnlog.engine import kinds as K
from turnlog.events.game import ControlChanged
from turnlog.projections.state import GameState


def cc(hex_: str) -> ControlChanged:
    return ControlChanged(hex=hex_, faction="AX", rule="X.1")


class Echo:
    """Answers a hex named in ``answers`` with control changes of the hexes listed for it."""

    def __init__(self, answers: dict[str, list[str]]):
        self.answers = answers

    def react(self, state, event) -> list:
        return [cc(h) for h in self.answers.get(event.hex, [])]


@pytest.fixture()
def reacting(monkeypatch):
    def install(kind):
        monkeypatch.setattr(K, "reactors", lambda etype: (kind,) if etype is ControlChanged else ())
        monkeypatch.setattr(K, "used", lambda state, k: True)
    return install


def test_reactions_follow_every_player_event_first_answered_first_applied(reacting):
    reacting(Echo({"p1": ["r1a", "r1b"], "p2": ["r2"], "r1a": ["r1a-x"]}))
    state = GameState()
    done = G.settle(state, [cc("p1"), cc("p2")])
    assert [(e.hex, auto) for e, auto in done] == [
        ("p1", False), ("p2", False), ("r1a", True), ("r1b", True), ("r2", True), ("r1a-x", True)]
    assert set(state.control) == {"p1", "p2", "r1a", "r1b", "r2", "r1a-x"}


def test_a_kind_the_game_does_not_use_is_not_asked(monkeypatch):
    kind = Echo({"p1": ["r1"]})
    monkeypatch.setattr(K, "reactors", lambda etype: (kind,))
    monkeypatch.setattr(K, "used", lambda state, k: False)
    assert [(e.hex, auto) for e, auto in G.settle(GameState(), [cc("p1")])] == [("p1", False)]


def test_a_reaction_that_never_settles_is_cut_by_the_loop_guard(reacting, monkeypatch):
    monkeypatch.setattr(G, "REACTION_LIMIT", 50)
    reacting(Echo({"loop": ["loop"]}))
    with pytest.raises(RuntimeError, match="loop guard"):
        G.settle(GameState(), [cc("loop")])
    reacting(Echo({}))
    assert len(G.settle(GameState(), [cc(f"h{i}") for i in range(200)])) == 200   # a long list is not a loop
