"""A hosted game's page in headless Chromium: the replay page of `export --html`, following live.
Two browsers, one per seat, play the bundled 14.65 example to its end through their command boxes
while a third browser spectates and shows each command's events within a second; a refusal shows its
rule; a reload lands on the same state (the replay's data grown live equals the data loaded afresh).
"""

from __future__ import annotations

import json
import time

import pytest

from html_browser import borrow, colours, errors, give_back, text_of, wait_for
from serve_helpers import OPEN_CLAIMS, SCRIPT, SEATS, Server, needs_starlette, verified
from table_player import busy_verify

needs_starlette()
httpx = pytest.importorskip("httpx")


_wait, _text = wait_for, text_of


def _open(driver, url: str) -> None:
    driver.get(url)
    _wait(
        lambda: _text(driver, "live") == "live" and _text(driver, "seq") != "0",
        what="the page to follow",
    )


def _shown(driver) -> dict:
    """The replay's data (grown live or loaded), its position and the counters it draws."""
    return {
        "data": driver.execute_script(
            # the verify report is the one made when the page loaded
            "const d = Object.assign({}, turnlogReplay.data()); delete d.start; delete d.verify; return d;"
        ),
        "position": _text(driver, "position"),
        "units": driver.find_element("id", "units").get_attribute("innerHTML"),
    }


def _sit(driver, token: str, actor: str) -> None:
    driver.find_element("id", "token").send_keys(token)
    driver.find_element("id", "sit").click()
    _wait(lambda: _text(driver, "me").startswith("seated as " + actor), what=f"{actor} to sit")
    # the seat's menu built (a JSON typed before would be replaced by the first move offered)
    _wait(lambda: driver.execute_script("return document.querySelectorAll('#choice option').length"),
          what=f"{actor}'s menu")


def _send(driver, command: dict | None, spectator, head_before: int) -> tuple[str, float]:
    """Send (the JSON given, or what the menus built); return the status and how long until the
    spectator showed a new seq after the sender's answer came back."""
    if command is not None:
        driver.execute_script(  # as typed: the JSON box stays open to a player who writes it
            "const j = document.getElementById('json'); j.value = arguments[0];"
            "j.dispatchEvent(new Event('input'));",
            json.dumps(command),
        )
    driver.execute_script("document.getElementById('status').textContent = ''")
    send = driver.find_element("id", "send")
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", send)
    send.click()
    status = _wait(
        lambda: (
            _text(driver, "status")
            if _text(driver, "status").startswith(("done", "refused"))
            else ""
        ),
        what="the answer",
    )
    answered = time.monotonic()
    if status.startswith("refused"):
        return status, 0.0
    _wait(lambda: int(_text(spectator, "seq")) > head_before, timeout=5, what="the spectator")
    return status, time.monotonic() - answered


def test_two_seats_play_the_example_to_its_end_while_a_spectator_follows(tmp_path):
    with Server(tmp_path / "games") as srv:
        r = httpx.post(
            srv.url + "/api/games",
            json={"scenario": "bridgehead-14-65", "seats": SEATS, "claims": OPEN_CLAIMS},
        )
        gid, tokens = r.json()["id"], r.json()["tokens"]
        page = f"{srv.url}/games/{gid}"
        drivers = []
        try:
            for name in ("alice", "bob", "spectator"):
                drivers.append(borrow(tmp_path / name))
            alice, bob, spectator = drivers
            for d in drivers:
                _open(d, page)
            _sit(alice, tokens["alice"], "alice")
            _sit(bob, tokens["bob"], "bob")
            assert "token" not in page and tokens["alice"] not in alice.current_url
            seat = {"alice": alice, "bob": bob}
            head = lambda: httpx.get(f"{srv.url}/api/games/{gid}").json()["seq"]  # noqa: E731

            # Out of turn: the defender cannot begin the attacker's attrition; the rule is shown.
            status, _t = _send(bob, SCRIPT[0][1], spectator, head())
            assert status.startswith("refused by rule 14.12"), status
            # The first command from the menus built from legal(): alice picks it, fields fixed.
            from selenium.webdriver.support.ui import Select

            Select(alice.find_element("id", "choice")).select_by_visible_text(
                "Begin an attrition in zone WA/western/0505 [14.213]"
            )
            delays = []
            status, delay = _send(alice, None, spectator, head())
            assert status.startswith("done: AttritionBegun"), status
            delays.append(delay)
            for actor, command in SCRIPT[1:]:
                before = head()
                _wait(
                    lambda d=seat[actor], at=before: int(_text(d, "seq")) == at,
                    what=f"{actor}'s page to catch up",
                )
                status, delay = _send(seat[actor], command, spectator, before)
                assert status.startswith("done"), status
                delays.append(delay)
            assert max(delays) < 1.0, delays
            end = head()
            _wait(
                lambda: int(_text(spectator, "seq")) == end, what="the spectator to reach the end"
            )
            assert verified(f"{srv.url}/api/games/{gid}/verify")["ok"]
            seen = _shown(spectator)
            assert seen["data"]["events"] == end and seen["position"] == f"seq {end} of {end}"
            by = [c[1] for c in seen["data"]["commands"]]
            assert by.count("bob") == 1 and by.count("alice") == 3  # WA's own losses
            for who, d in (("spectator", spectator), ("alice", alice)):  # kept under pytest's tmp
                d.save_screenshot(str(tmp_path / f"page-{who}.png"))
                assert colours(d.get_screenshot_as_png()) > 8, who
            spectator.refresh()
            _open(spectator, page)
            assert int(_text(spectator, "seq")) == end
            again = _shown(spectator)
            assert again["data"] == seen["data"]  # grown live = built afresh, event for event
            assert again["units"] == seen["units"] and again["position"] == seen["position"]
            expected = (
                "favicon",
                "status of 422",
            )  # bob's refusal is an answer, not a fault of the page
            # nor a 503 on /verify: the server's verifies are capped, and the page asks again after Retry-After
            assert not [e for d in drivers for e in errors(d)
                        if not any(x in e for x in expected) and not busy_verify(e)]
        finally:
            for d in drivers:
                give_back(d)


def test_a_claim_is_answered_from_the_other_seats_menu(tmp_path):
    """Fair play in the page: alice's entered die is a claim; bob's command box offers the answers
    (built from legal()) and nothing that depends on the claim; his acceptance rolls the die."""
    from selenium.webdriver.support.ui import Select

    with Server(tmp_path / "games") as srv:
        r = httpx.post(srv.url + "/api/games", json={"scenario": "bridgehead-14-65", "seats": SEATS})
        gid, tokens = r.json()["id"], r.json()["tokens"]
        page = f"{srv.url}/games/{gid}"
        drivers = []
        try:
            for name in ("alice", "bob"):
                drivers.append(borrow(tmp_path / name))
            alice, bob = drivers
            for d, actor in ((alice, "alice"), (bob, "bob")):
                _open(d, page)
                _sit(d, tokens[actor], actor)
            head = lambda: httpx.get(f"{srv.url}/api/games/{gid}").json()["seq"]  # noqa: E731
            status, _t = _send(alice, SCRIPT[0][1], bob, head())
            assert status.startswith("done: AttritionBegun"), status
            status, _t = _send(alice, SCRIPT[1][1], bob, head())  # the die entered by hand: 3
            assert status == "done: ClaimMade", status
            menu = lambda: [  # noqa: E731
                o.get_attribute("data-head") for o in Select(bob.find_element("id", "choice")).options
            ]
            _wait(lambda: "AcceptClaim claim=C1" in menu(), what="bob's answers to the claim")
            assert set(menu()) <= {"AcceptClaim claim=C1", "DisputeClaim claim=C1", "AddNote"}
            assert menu()[0] == "AcceptClaim claim=C1"  # the answer is due: first, and selected
            assert Select(bob.find_element("id", "choice")).first_selected_option.get_attribute(
                "data-head") == "AcceptClaim claim=C1"
            status, _t = _send(bob, None, alice, head())
            assert status.startswith("done: ClaimAccepted, DieRolled"), status
            bob.save_screenshot(str(tmp_path / "page-bob-accepted.png"))
            # the header's verify verdict follows the game: verify runs again as the log grows
            end = head()
            _wait(lambda: _text(bob, "verdict") == f"VERIFIED at seq {end}", what="the verdict re-checked")
            assert verified(f"{srv.url}/api/games/{gid}/verify")["ok"]
        finally:
            for d in drivers:
                give_back(d)
