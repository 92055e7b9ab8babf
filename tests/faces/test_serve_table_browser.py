"""The hosted page as players use it: two seats and a spectator in headless Chromium play the bundled
14.65 bridgehead to its end by clicking only (menus, the map's counters and hexes, Send), never typing
JSON. Each page says whose move it is (its own line from GET /due, "Your move — " in the tab title of
the seat waited for), offers only the moves its seat may issue, and ends on the game-over banner with a
verdict re-checked at the last seq. The bundled game of every other system is played to its end the
same way, a file each so that they run on parallel workers (test_serve_table_browser_*.py;
tests/faces/table_player.py is the player).
"""

from __future__ import annotations

import pytest

from html_browser import errors, text_of, wait_for
from serve_helpers import SEATS, Server, needs_starlette
from table_player import NAMELESS, busy_verify, fill_by_clicks, glance, menu, seated, select, send, shot, tab_to

needs_starlette()
httpx = pytest.importorskip("httpx")


_wait, _text = wait_for, text_of


def test_two_seats_play_the_bridgehead_to_its_end_by_clicking_while_a_spectator_follows(tmp_path):
    keep = {}  # screenshots at 1280x800 (docs/img/table-*.png are these, made smaller)
    with Server(tmp_path / "games") as srv:
        r = httpx.post(
            srv.url + "/api/games", json={"scenario": "bridgehead-14-65", "seats": SEATS}
        )
        gid, tokens = r.json()["id"], r.json()["tokens"]
        api = f"{srv.url}/api/games/{gid}"
        drivers = {}
        try:
            seated(srv, gid, tmp_path, tokens, drivers, ("spectator",))
            alice, bob, spectator = drivers["alice"], drivers["bob"], drivers["spectator"]

            due = httpx.get(f"{api}/due").json()
            lines = {s["actor"]: s["line"] for s in due["seats"]}
            # the seat's own sentence, "Your move" said once, in front of it
            said = lines["alice"].removeprefix("Your move: ")
            _wait(lambda: _text(alice, "prompt") == f"Your move {said}", what="alice's prompt")
            assert alice.title.startswith("Your move — ") and _text(alice, "prompt").startswith(
                "Your move"
            )
            _wait(lambda: _text(bob, "prompt-line") == lines["bob"], what="bob's prompt")
            assert not bob.title.startswith("Your move") and lines["bob"].startswith(
                "Waiting for alice"
            )
            _wait(
                lambda: _text(spectator, "prompt-line") == due["line"], what="the spectator's line"
            )
            assert not spectator.find_element("id", "box").is_displayed()

            # Each seat's menu: only what the seat check accepts from it, the due move first and selected.
            legal = httpx.get(f"{api}/legal").json()["choices"]
            for actor in ("alice", "bob"):
                d = drivers[actor]
                heads = _wait(lambda d=d: menu(d), what=f"{actor}'s menu")
                mine = {c["head"] for c in legal if actor in c["actors"]}
                assert {h for h, _w in heads} == mine, actor
            first = menu(alice)[0]
            assert first == ["StartPhase supply", "Start the supply phase [turn]"]
            assert alice.find_element("id", "choice").get_attribute("value") == "0"
            assert [w for _h, w in menu(bob)] == ["Add a note [turn]"]
            assert not bob.find_element("id", "undo").is_displayed()

            # Every control has an accessible name; the menu is reached with Tab and worked with the keys,
            # which stay the menu's own (the replay's arrow keys do not step the board meanwhile).
            for d in drivers.values():
                assert d.execute_script(NAMELESS) == []
            tab_to(alice, "choice")
            position = _text(alice, "position")
            from selenium.webdriver.common.keys import Keys

            alice.switch_to.active_element.send_keys(Keys.ARROW_DOWN)
            _wait(
                lambda: alice.find_element("id", "choice").get_attribute("value") == "1",
                what="the key",
            )
            assert _text(alice, "position") == position
            alice.switch_to.active_element.send_keys(Keys.ARROW_UP)

            # alice opens the attrition from her menu, in its words.
            words = [w for _h, w in menu(alice)]
            select(alice, alice.find_element("id", "choice"),
                   words.index("Begin an attrition in zone WA/western/0505 [14.213]"))
            assert alice.find_element("id", "undo").is_displayed() is False
            # at most two of the three may be left out (14.21): the count says the bound, not three
            assert "0 of up to 2 units chosen" in _text(alice, "fields"), _text(alice, "fields")
            seen: dict[str, list[str]] = {}
            for _ in range(80):
                due = httpx.get(f"{api}/due").json()
                if due.get("over"):
                    break
                actor = due["waiting"][0]
                d = drivers[actor]
                seen_now = _wait(
                    lambda d=d, at=str(due["seq"]): (lambda g: g[0] == at and g[1].startswith("Your move")
                                                     and g[2].startswith("Your move — ") and g[3] and g)(glance(d)),
                    what=f"{actor}'s turn",
                )
                head = seen_now[3][seen_now[4]][0]
                command = head.split()[0]
                # the roll (the server's secret seed) may leave no hex to advance into: nothing to click then
                offered = command in ("TakeAttritionLosses", "SelectOccupation") and command not in seen and any(
                    o.get("values") for c in httpx.get(f"{api}/legal").json()["choices"] if c["head"] == head
                    for o in c.get("options", []))
                if command in ("TakeAttritionLosses", "SelectOccupation") and command not in seen:
                    # a list left empty gives something up: said before anything is sent
                    if command == "SelectOccupation":
                        assert "no advance" in _text(d, "warn")
                    if offered:
                        _wait(lambda d=d: d.find_elements("css selector", "#units .target, #targets .target"),
                              what="the move's targets ringed on the map")
                    else:
                        assert command == "SelectOccupation", head
                clicked = fill_by_clicks(d)
                if offered:
                    seen[command] = clicked
                    assert " chosen" in _text(d, "fields"), _text(d, "fields")
                    name = "losses" if command == "TakeAttritionLosses" else "occupation"
                    keep[name] = tmp_path / f"table-{name}.png"
                    picked = d.find_elements("css selector", "#units .picked, #targets .picked")
                    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", picked[-1])
                    shot(d, keep[name])
                status = send(d)
                assert status.startswith("done"), (actor, head, status)
                if command == "StartPhase" and actor == "alice" and "undo" not in seen:
                    seen["undo"] = []
                    _wait(
                        lambda d=d: d.find_element("id", "undo").is_displayed(),
                        what="alice's undo button",
                    )
                    assert not bob.find_element("id", "undo").is_displayed()
            else:
                raise AssertionError("the game did not end")
            assert set(seen) >= {"TakeAttritionLosses", "undo"}, seen
            # what was offered was clicked (an occupation only when a roll opened a hex to it)
            assert seen["TakeAttritionLosses"] and seen.get("SelectOccupation", ["not offered"]), seen

            end = httpx.get(api).json()["seq"]
            over = httpx.get(f"{api}/due").json()["over"]
            for name, d in drivers.items():
                _wait(
                    lambda d=d: _text(d, "over") == f"Game over: {over}.", what=f"{name}'s banner"
                )
                _wait(
                    lambda d=d: _text(d, "verdict") == f"VERIFIED at seq {end}",
                    what=f"{name}'s verdict",
                )
                assert not d.title.startswith("Your move")
            keep["over"] = tmp_path / "table-over.png"
            spectator.execute_script("window.scrollTo(0, 0)")
            shot(spectator, keep["over"])
            assert httpx.get(f"{api}/verify", timeout=30).json()["ok"]
            assert not [e for d in drivers.values() for e in errors(d)
                        if "favicon" not in e and not busy_verify(e)]
        finally:
            for d in drivers.values():
                d.quit()
