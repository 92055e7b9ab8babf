"""The hosted page as players use it: two seats and a spectator in headless Chromium play the bundled
14.65 bridgehead to its end by clicking only (menus, the map's counters and hexes, Send), never typing
JSON. Each page says whose move it is (its own line from GET /due, "Your move — " in the tab title of
the seat waited for), offers only the moves its seat may issue, and ends on the game-over banner with a
verdict re-checked at the last seq.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from html_browser import colours, errors, start_browser, text_of, wait_for
from serve_helpers import SEATS, Server, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")


_wait, _text = wait_for, text_of


def _busy_verify(error: str) -> bool:
    """A 503 on /verify: the server's verifies are capped, and the page asks again after Retry-After."""
    return "/verify - " in error and "status of 503" in error


def _click(driver, element) -> None:
    """Click where the element is drawn (a counter or a hex on the board, under whatever lies on top)."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    ActionChains(driver).move_to_element(element).click().perform()


def _press(driver, element_id: str) -> None:
    element = driver.find_element("id", element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


#: The page's controls that no one could name: no label, no aria-label, no text of their own.
NAMELESS = """return [...document.querySelectorAll('button, select, input, textarea')]
  .filter((e) => e.offsetParent !== null || e.closest('#hosted'))
  .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
  .map((e) => e.id || e.outerHTML.slice(0, 60));"""


def _tab_to(driver, element_id: str, most: int = 80) -> None:
    """Press Tab from the top of the page until ``element_id`` has the focus."""
    from selenium.webdriver.common.keys import Keys

    driver.execute_script(
        "document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)"
    )
    body = driver.find_element("tag name", "body")
    body.send_keys(Keys.TAB)
    for _ in range(most):
        if driver.switch_to.active_element.get_attribute("id") == element_id:
            return
        driver.switch_to.active_element.send_keys(Keys.TAB)
    raise AssertionError(f"Tab never reached #{element_id}")


def _menu(driver) -> list[tuple[str, str]]:
    """The command menu: (the choice's head, the words shown) per entry."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#choice option')].map((o) => [o.dataset.head, o.text]);"
    )


def _fill_by_clicks(driver, more: int = 0, rng: random.Random | None = None) -> list[str]:
    """Fill the chosen move by clicking: a ringed counter or outlined hex while a field still needs one
    (a list the move may leave empty is filled too, rather than giving it up), else the first value of a
    menu still unchosen; then ``more`` targets beyond (a player told by a refusal that the choice's note
    asks for more). Return what was clicked."""
    from selenium.webdriver.support.ui import Select

    done = []
    for _ in range(20):
        complete = driver.find_element("id", "box").get_attribute("data-complete") == "1"
        gives_up = bool(_text(driver, "warn"))
        # the counters first: a selection's units before another hex, as a player fills the hex
        # just chosen before choosing the next
        targets = driver.find_elements("css selector", "#units [data-unit].target") or \
            driver.find_elements("css selector", "#targets .target-hex.target")
        if targets and (not complete or gives_up or more > 0):
            more -= complete and not gives_up
            # the first target, or, told by refusals, any of them: another draft of the same move
            pick = targets[rng.randrange(len(targets))] if rng is not None else targets[0]
            done.append(
                pick.get_attribute("data-unit") or pick.get_attribute("data-hex")
            )
            _click(driver, pick)
            continue
        if complete:
            return done
        unchosen = [
            s
            for s in driver.find_elements("css selector", "#fields select")
            if s.get_attribute("value") == ""
        ]
        assert unchosen, f"stuck: {_text(driver, 'pick-hint')}"
        Select(unchosen[0]).select_by_index(1)
        done.append("menu")
    raise AssertionError(f"the move never completed: {_text(driver, 'pick-hint')}")


def _send(driver) -> str:
    driver.execute_script("document.getElementById('status').textContent = ''")
    _press(driver, "send")
    answered = ("done", "refused", "This move gives up")
    status = _wait(
        lambda: _text(driver, "status").startswith(answered) and _text(driver, "status"),
        what="an answer",
    )
    if status.startswith(
        "This move gives up"
    ):  # said before it is sent; a second press sends it so
        _press(driver, "send")
        status = _wait(
            lambda: (
                _text(driver, "status").startswith(("done", "refused")) and _text(driver, "status")
            ),
            what="an answer",
        )
    return status


def _shot(driver, path: Path) -> None:
    driver.save_screenshot(str(path))
    assert colours(driver.get_screenshot_as_png()) > 8


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
            for name in ("alice", "bob", "spectator"):
                drivers[name] = d = start_browser(tmp_path / name)
                d.set_window_size(1280, 800)
                d.get(f"{srv.url}/games/{gid}")
                _wait(lambda d=d: _text(d, "live") == "live", what="the page to follow")
            for actor in ("alice", "bob"):
                d = drivers[actor]
                d.find_element("id", "token").send_keys(tokens[actor])
                d.find_element("id", "sit").click()
                _wait(
                    lambda d=d, a=actor: _text(d, "me").startswith("seated as " + a),
                    what=f"{actor} to sit",
                )
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
                heads = _wait(lambda d=d: _menu(d), what=f"{actor}'s menu")
                mine = {c["head"] for c in legal if actor in c["actors"]}
                assert {h for h, _w in heads} == mine, actor
            first = _menu(alice)[0]
            assert first == ["StartPhase supply", "Start the supply phase [turn]"]
            assert alice.find_element("id", "choice").get_attribute("value") == "0"
            assert [w for _h, w in _menu(bob)] == ["Add a note [turn]"]
            assert not bob.find_element("id", "undo").is_displayed()

            # Every control has an accessible name; the menu is reached with Tab and worked with the keys,
            # which stay the menu's own (the replay's arrow keys do not step the board meanwhile).
            for d in drivers.values():
                assert d.execute_script(NAMELESS) == []
            _tab_to(alice, "choice")
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
            from selenium.webdriver.support.ui import Select

            Select(alice.find_element("id", "choice")).select_by_visible_text(
                "Begin an attrition in zone WA/western/0505 [14.213]"
            )
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
                _wait(
                    lambda d=d: (
                        _text(d, "prompt").startswith("Your move")
                        and d.title.startswith("Your move — ")
                        and _menu(d)
                    ),
                    what=f"{actor}'s turn",
                )
                head = _menu(d)[int(d.find_element("id", "choice").get_attribute("value"))][0]
                command = head.split()[0]
                if command in ("TakeAttritionLosses", "SelectOccupation") and command not in seen:
                    # a list left empty gives something up: said before anything is sent
                    if command == "SelectOccupation":
                        assert "no advance" in _text(d, "warn")
                    assert d.find_elements("css selector", "#units .target, #targets .target")
                clicked = _fill_by_clicks(d)
                if command in ("TakeAttritionLosses", "SelectOccupation") and command not in seen:
                    seen[command] = clicked
                    assert " chosen" in _text(d, "fields"), _text(d, "fields")
                    name = "losses" if command == "TakeAttritionLosses" else "occupation"
                    keep[name] = tmp_path / f"table-{name}.png"
                    picked = d.find_elements("css selector", "#units .picked, #targets .picked")
                    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", picked[-1])
                    _shot(d, keep[name])
                status = _send(d)
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
            assert set(seen) >= {"TakeAttritionLosses", "SelectOccupation", "undo"}, seen
            assert all(seen[k] for k in ("TakeAttritionLosses", "SelectOccupation"))

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
            _shot(spectator, keep["over"])
            assert httpx.get(f"{api}/verify", timeout=30).json()["ok"]
            assert not [e for d in drivers.values() for e in errors(d)
                        if "favicon" not in e and not _busy_verify(e)]
        finally:
            for d in drivers.values():
                d.quit()


#: The menu as (head, words, group) per entry.
GROUPED = """return [...document.querySelectorAll('#choice option')]
  .map((o) => [o.dataset.head, o.text, o.parentElement.label || '']);"""


#: How a procedure is opened (BeginAttrition, BeginLandCombat, DeclareAssault, ...).
OPENERS = ("Begin", "Declare")


def _choose(driver, sent: dict) -> str:
    """Pick a move from the menu as a player out to see the system would: open its procedure once (a
    "Begin..." or "Declare..." the seat may do), else the move due that was sent least so far, taking nothing back (a
    designation could be made and unmade for ever). Return the head picked."""
    from selenium.webdriver.support.ui import Select

    menu = driver.execute_script(GROUPED)
    begins = [
        i
        for i, (h, _w, g) in enumerate(menu)
        if g == "You may also" and h.startswith(OPENERS) and h not in sent
    ]
    due = [i for i, (_h, _w, g) in enumerate(menu) if g == "Due now"]
    assert due or begins, menu
    onward = [i for i in due if not menu[i][0].startswith("Undesignate")]  # a player out to finish
    due = onward or due
    i = begins[0] if begins else min(due, key=lambda k: (sent.get(menu[k][0], 0), k))
    Select(driver.find_element("id", "choice")).select_by_index(i)
    return menu[i][0]


#: The test's clicking player picks the first (or, after a refusal, a random) target until the move is
#: complete: on ridge-line-9 a two-hex required assault can leave it clicking units of several hexes
#: where only 9.2.1's note (all in PA mode) says why not, and on some secret seeds it never finds the
#: draft the rules accept. A known gap of the test's player, not of the page: not strict.
_CLICKER_GAP = pytest.mark.xfail(strict=False, reason="the test's clicking player can loop on 9.2.1 "
                                 "(a note-only condition) on some seeds")


@pytest.mark.parametrize("name", [pytest.param("ridge-line-9", marks=_CLICKER_GAP),
                                  "river-town-11-16-5", "hedgerow-assault"])
def test_each_systems_bundled_scenario_is_played_to_its_end_by_clicking(tmp_path, name):
    """designation, wif and assault: each seat in its own browser opens its procedure from the menu, fills
    every move by clicking, and plays on to the game-over banner; the game verifies."""
    from turnlog.engine import scenario

    seats = {f.id: f"p-{f.id.lower()}" for f in scenario.load(name).factions}
    with Server(tmp_path / "games") as srv:
        r = httpx.post(srv.url + "/api/games", json={"scenario": name, "seats": seats})
        gid, tokens = r.json()["id"], r.json()["tokens"]
        api = f"{srv.url}/api/games/{gid}"
        drivers = {}
        try:
            for actor, token in tokens.items():
                drivers[actor] = d = start_browser(tmp_path / actor)
                d.set_window_size(1280, 800)
                d.get(f"{srv.url}/games/{gid}")
                _wait(lambda d=d: _text(d, "live") == "live", what="the page to follow")
                d.find_element("id", "token").send_keys(token)
                d.find_element("id", "sit").click()
                _wait(
                    lambda d=d, a=actor: _text(d, "me").startswith("seated as " + a),
                    what=f"{actor} to sit",
                )
            sent: dict[str, int] = {}
            refused = []
            for _ in range(150):
                due = httpx.get(f"{api}/due").json()
                if due.get("over"):
                    break
                actor = due["waiting"][0]
                d = drivers[actor]
                _wait(
                    lambda d=d, at=due["seq"]: (
                        _text(d, "seq") == str(at)
                        and _text(d, "prompt").startswith("Your move")
                        and d.execute_script(GROUPED)
                    ),
                    what=f"{actor}'s turn at seq {due['seq']}",
                )
                head = _choose(d, sent)
                # after a refusal whose condition only the note states (9.2.1's PA mode, 9.2.4's
                # caps), another draft: the fewest targets again or one more, picked at random
                tries = sent.get(head, 0) // 100
                _fill_by_clicks(d, tries % 2, random.Random(tries) if tries else None)
                status = _send(d)
                sent[head] = sent.get(head, 0) + (1 if status.startswith("done") else 100)
                if not status.startswith("done"):
                    refused.append((head, status))
            else:
                raise AssertionError(f"{name} did not end: {sorted(sent.items())}; last refusals: "
                                     f"{refused[-3:]}")
            assert len(refused) <= 3, refused
            assert any(h.startswith(OPENERS) for h in sent), (
                sent
            )  # the system's own procedure was played
            over = httpx.get(f"{api}/due").json()["over"]
            for actor, d in drivers.items():
                _wait(
                    lambda d=d: _text(d, "over") == f"Game over: {over}.", what=f"{actor}'s banner"
                )
            d.save_screenshot(str(tmp_path / f"{name}-over.png"))
            assert httpx.get(f"{api}/verify", timeout=30).json()["ok"]
            assert not [
                e
                for d in drivers.values()
                for e in errors(d)
                if "favicon" not in e and "status of 422" not in e and not _busy_verify(e)
            ]
        finally:
            for d in drivers.values():
                d.quit()
