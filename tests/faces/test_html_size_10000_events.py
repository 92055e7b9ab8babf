"""The replay of a 10,000-event game stays under 4 MB (docs/design.md, "The HTML replay"): per-event deltas,
not a board per step; and the browser still steps through it.

The game is generated: a 400-hex map with 140 units and 9,400 host commands of one event each (the most
commands, and so the most command headers, that 10,000 events can hold), notes among them.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from turnlog.engine.commands import AddNote
from turnlog.engine.game import Game

from html_browser import borrow, errors, export_html, give_back, open_page, page_data, press, shown

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # benchmarks/ is not an installed package
    sys.path.insert(0, str(ROOT))

from benchmarks import gen  # noqa: E402

BOUND = 4 * 1024 * 1024
EVENTS = 10_000


def big_game(path: Path) -> int:
    """A generated game of exactly EVENTS events; return its number of commands."""
    sc = gen.scenario(400, seed=3)
    with Game.create(path, sc, seed=bytes(32), public_seed=True, synchronous="OFF") as g:
        for i, cmd in enumerate(gen.host_commands(sc, EVENTS, seed=3, turn_events=4 * EVENTS)):
            if g.state.seq >= EVENTS:
                break
            g.execute(AddNote(text=f"note {i}: checked by hand") if i % 500 == 499 else cmd)
        assert g.state.seq == EVENTS
        return len(g.log.commands())


@pytest.fixture(scope="module")
def big(tmp_path_factory):
    d = tmp_path_factory.mktemp("big")
    commands = big_game(d / "big.db")
    assert export_html(d / "big.db", d / "big.html") == 0
    return d / "big.html", commands


def test_a_10000_event_game_exports_under_the_bound(big):
    out, commands = big
    size = out.stat().st_size
    assert size < BOUND, f"{size} bytes for {EVENTS} events"
    data = page_data(out)
    assert len(data["steps"]) == EVENTS and len(data["commands"]) == commands > 9000
    assert data["verify"]["ok"] is True


def test_the_browser_steps_through_the_10000_event_game(big, tmp_path):
    out, _commands = big
    driver = borrow(tmp_path / "profile")
    try:
        open_page(driver, out)
        press(driver, "END")
        assert shown(driver, "position") == f"seq {EVENTS} of {EVENTS}"
        press(driver, "ARROW_LEFT", 3)
        assert shown(driver, "position") == f"seq {EVENTS - 3} of {EVENTS}"
        open_page(driver, out, 4321)  # a seq named in the address, as a player mails it
        assert shown(driver, "position") == f"seq 4321 of {EVENTS}"
        assert errors(driver) == []
    finally:
        give_back(driver)
