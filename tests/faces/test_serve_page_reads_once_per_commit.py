"""A hosted page follows a commit with one read: an attrition's commands (several events each), the
seat's own command and an undo each cost the page one ``GET /table`` and no ``/due``, ``/legal``,
``/odds``, ``/replay`` or summary read, and the page then holds what a page loaded afresh holds."""

from __future__ import annotations

import json

import pytest

from html_browser import borrow, errors, give_back, text_of, wait_for
from serve_helpers import OPEN_CLAIMS, SCENARIO, SCRIPT, SEATS, Server, bearer, needs_starlette

needs_starlette()
httpx = pytest.importorskip("httpx")

#: The API reads the page made since the last ``performance.clearResourceTimings()``, by route.
READS = """return performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname)
  .filter((p) => p.startsWith('/api/games/') && !p.endsWith('/events'))
  .map((p) => p.split('/').slice(4).join('/') || 'summary');"""


def _after(driver, post) -> tuple[list[str], int]:
    """The reads the page made to follow the commit ``post()`` makes (its answer: the written seq
    and events), once its menu is built at it, and how many events the commit wrote."""
    driver.execute_script("performance.clearResourceTimings()")
    answer = post()
    seq = answer["seq"]
    wait_for(lambda: driver.find_element("id", "box").get_attribute("data-seq") == str(seq),
             what=f"the page to follow to seq {seq}")
    writes = ("commands", "undo", "verify")  # the page's own post, and the verdict's read, later
    return [r for r in driver.execute_script(READS) if r not in writes], len(answer["events"])


def _posted(url: str, token: str, command: dict | None = None) -> dict:
    r = httpx.post(url, json=command, headers=bearer(token))
    assert r.status_code == 200, r.text
    return r.json()


def _sent_from_the_page(driver, command: dict) -> dict:
    """Send ``command`` from the page's own box, as typed; what the page says it wrote."""
    driver.execute_script(
        "const j = document.getElementById('json'); j.value = arguments[0];"
        "j.dispatchEvent(new Event('input'));", json.dumps(command))
    before = int(text_of(driver, "seq"))  # the page is settled: it followed the last commit
    driver.execute_script("document.getElementById('status').textContent = ''")
    driver.execute_script("document.getElementById('send').click()")
    def done() -> str:
        said = text_of(driver, "status")
        return said if said.startswith("done") else ""

    said = wait_for(done, what="the page's answer")
    events = said.removeprefix("done: ").split(", ")
    return {"seq": before + len(events), "events": events}


def test_14_11_an_attritions_commands_and_an_undo_cost_the_page_one_read_each(tmp_path):
    with Server(tmp_path / "games") as srv:
        r = httpx.post(f"{srv.url}/api/games", json={"scenario": SCENARIO, "seats": SEATS,
                                                     "claims": OPEN_CLAIMS})
        gid, tokens = r.json()["id"], r.json()["tokens"]
        api = f"{srv.url}/api/games/{gid}"
        d = borrow(tmp_path / "bob")
        try:
            d.get(f"{srv.url}/games/{gid}")
            wait_for(lambda: text_of(d, "live") == "live", what="the page to follow")
            d.find_element("id", "token").send_keys(tokens["bob"])
            d.find_element("id", "sit").click()
            wait_for(lambda: text_of(d, "me").startswith("seated as bob"), what="bob to sit")
            written = []
            for who, cmd in SCRIPT[:2]:
                reads, n = _after(d, lambda t=tokens[who], c=cmd: _posted(f"{api}/commands", t, c))
                assert reads == ["table"], (cmd["type"], reads)
                written.append(n)
            assert max(written) > 1, written  # a burst of events on the stream, one read
            reads, _n = _after(d, lambda: _sent_from_the_page(d, SCRIPT[2][1]))
            assert reads == ["table"], reads  # bob's own: its answer and the stream, one read
            reads, _n = _after(d, lambda: _posted(f"{api}/undo", tokens["bob"]))
            assert reads == ["table"], reads
            grown = d.execute_script("return turnlogReplay.counts()")
            d.refresh()
            wait_for(lambda: text_of(d, "live") == "live", what="the page to load again")
            assert d.execute_script("return turnlogReplay.counts()") == grown
            assert not [e for e in errors(d) if "favicon" not in e]
        finally:
            give_back(d)
