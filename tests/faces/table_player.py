"""A player at the hosted page's table, for the browser tests: glances at the page, picks a move from the
menu, fills it by clicking the map as the form asks, sends it.

Each glance is one script run in the page (what a player takes in at once), so a move costs a handful of
round trips to the browser, not dozens; every choice is still made with the mouse or the keyboard.
"""
from __future__ import annotations

from pathlib import Path

from html_browser import borrow, colours, errors, give_back, text_of, wait_for, wait_in_page

#: The page's controls that no one could name: no label, no aria-label, no text of their own.
NAMELESS = """return [...document.querySelectorAll('button, select, input, textarea')]
  .filter((e) => e.offsetParent !== null || e.closest('#hosted'))
  .filter((e) => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
  .map((e) => e.id || e.outerHTML.slice(0, 60));"""

#: The page at a glance: the seq its menu was built at, the prompt, the tab's title, the menu as (head,
#: words, group) per entry and the index chosen in it.
GLANCE = """const t = (id) => document.getElementById(id).innerText;
return [document.getElementById('box').dataset.seq || '', t('prompt'), document.title,
  [...document.querySelectorAll('#choice option')].map((o) => [o.dataset.head, o.text, o.parentElement.label || '']),
  document.getElementById('choice').value];"""

#: The move being filled: complete, giving something up, the fields that still need a value (in the form's
#: order) as [legend, its toggle buttons not pressed as [element, value]], the map's targets (counters,
#: hexes) as [element, id], the menus unchosen.
FORM = """const q = (sel) => [...document.querySelectorAll(sel)];
return [document.getElementById('box').dataset.complete === '1', !!document.getElementById('warn').textContent,
  q('#fields fieldset').filter((f) => f.querySelector('.need')).map((f) => [f.querySelector('legend').textContent,
    [...f.querySelectorAll('button.toggle[aria-pressed=false]')].map((b) => [b, b.dataset.value])]),
  q('#units [data-unit].target').map((e) => [e, e.dataset.unit]),
  q('#targets .target-hex.target').map((e) => [e, e.dataset.hex]),
  q('#fields select').filter((s) => s.value === '')];"""

#: How a procedure is opened (BeginAttrition, BeginLandCombat, DeclareAssault, ...).
OPENERS = ("Begin", "Declare")


def your_move(driver, seq: int) -> list:
    """Wait until the page's menu is built at ``seq`` with this seat's move to make; GLANCE then."""
    test = GLANCE.replace("return [", "const g = [", 1) + (
        f"\nreturn g[0] === '{seq}' && g[1].startsWith('Your move') && g[3].length && g;")
    return wait_in_page(driver, test, what=f"the seat's turn at seq {seq}")


def glance(driver) -> tuple[str, str, str, list, int]:
    """(the seq the menu was built at, prompt, title, menu, index chosen)."""
    seq, prompt, title, menu, chosen = driver.execute_script(GLANCE)
    return seq, prompt, title, menu, int(chosen or 0)


def menu(driver) -> list[list[str]]:
    """The command menu: (the choice's head, the words shown) per entry."""
    return [[h, w] for h, w, _g in glance(driver)[3]]


def busy_verify(error: str) -> bool:
    """A 503 on /verify: the server's verifies are capped, and the page asks again after Retry-After."""
    return "/verify - " in error and "status of 503" in error


def click(driver, element) -> None:
    """Click where the element is drawn (a counter or a hex on the board, under whatever lies on top)."""
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    # the pointer jumps there (selenium's default glides for 250 ms, a quarter second per click)
    ActionChains(driver, duration=0).move_to_element(element).click().perform()


def press(driver, element_id: str) -> None:
    """Press the button ``element_id`` (scrolled into view first)."""
    driver.execute_script(f"document.getElementById('{element_id}').scrollIntoView({{block: 'center'}})")
    driver.find_element("id", element_id).click()


def select(driver, menu_element, index: int) -> None:
    """Choose the ``index``th entry of a menu, as a click on that option does."""
    driver.execute_script("return arguments[0].options[arguments[1]]", menu_element, index).click()


def tab_to(driver, element_id: str, most: int = 80) -> None:
    """Press Tab from the top of the page until ``element_id`` has the focus."""
    from selenium.webdriver.common.keys import Keys

    driver.execute_script("document.activeElement && document.activeElement.blur(); window.scrollTo(0, 0)")
    driver.find_element("tag name", "body").send_keys(Keys.TAB)
    for _ in range(most):
        if driver.switch_to.active_element.get_attribute("id") == element_id:
            return
        driver.switch_to.active_element.send_keys(Keys.TAB)
    raise AssertionError(f"Tab never reached #{element_id}")


def fill_by_clicks(driver, more: int = 0, shift: int = 0) -> list[str]:
    """Fill the chosen move by clicking, as a player reads the form: the first field that still needs a
    value gets one (a ringed counter or an outlined hex, as its legend says, or the field's own button
    beside the map when the map shows none, a unit off the map; else the first value of a menu), until
    the move is complete; a list the move may leave empty is filled too, rather than given up; then
    ``more`` targets beyond (a player told by a refusal that the choice's note asks for more). Told by
    refusals (``shift``), the target that many places on among those of the kind needed, not the
    first, so that each is tried in turn. Return what was clicked."""
    done = []
    for _ in range(20):
        complete, gives_up, needs, counters, hexes, unchosen = driver.execute_script(FORM)
        clickable = [(k, buttons) for legend, buttons in needs for k in ("counters", "hexes")
                     if f"click {k}" in legend]
        kind = clickable[0][0] if clickable else ""
        if not kind and complete and (gives_up or more > 0):
            kind = "either"
        targets = {"counters": counters, "hexes": hexes, "either": counters or hexes}.get(kind, [])
        targets = targets or (clickable[0][1] if clickable else [])
        if targets:
            more -= complete and not gives_up
            element, value = targets[shift % len(targets)]
            done.append(value)
            click(driver, element)
            continue
        if complete:
            return done
        assert unchosen, f"stuck: {_said(driver)}"
        select(driver, unchosen[0], 1)
        done.append("menu")
    raise AssertionError(f"the move never completed: {_said(driver)}")


def _said(driver) -> str:
    """What the form says of the move: what is still to choose, the choice's note and its fields."""
    return driver.execute_script(
        "return ['pick-hint', 'choice-note', 'fields'].map((id) => document.getElementById(id).innerText).join(' | ')")


def status(driver) -> str:
    return driver.execute_script("return document.getElementById('status').innerText")


def send(driver) -> str:
    """Press Send and wait for the answer; a move that gives something up is sent by pressing again."""
    driver.execute_script("document.getElementById('status').textContent = ''")
    press(driver, "send")
    said = wait_in_page(driver, ANSWERED % "'done', 'refused', 'This move gives up'",
                        what=lambda: f"an answer (status {status(driver)!r}; {_said(driver)})")
    if said.startswith("This move gives up"):  # said before it is sent; a second press sends it so
        press(driver, "send")
        said = wait_in_page(driver, ANSWERED % "'done', 'refused'", what="an answer")
    return said


#: The status line once it starts with one of the words given (%s).
ANSWERED = """const s = document.getElementById('status').innerText;
return [%s].some((w) => s.startsWith(w)) && s;"""


def choose(driver, sent: dict, entries: list) -> str:
    """Pick a move from the menu ``entries`` (GLANCE's) as a player out to see the system would: open its
    procedure once (a "Begin..." or "Declare..." the seat may do), else the move due that was sent least so
    far, taking nothing back (a designation could be made and unmade for ever). Return the head picked."""
    begins = [i for i, (h, _w, g) in enumerate(entries)
              if g == "You may also" and h.startswith(OPENERS) and h not in sent]
    due = [i for i, (_h, _w, g) in enumerate(entries) if g == "Due now"]
    assert due or begins, entries
    onward = [i for i in due if not entries[i][0].startswith("Undesignate")]  # a player out to finish
    due = onward or due
    i = begins[0] if begins else min(due, key=lambda k: (sent.get(entries[k][0], 0), k))
    select(driver, driver.find_element("id", "choice"), i)
    return entries[i][0]


def shot(driver, path: Path) -> None:
    """Save a screenshot of the page as it is, and check it is a drawn page, not a blank one."""
    png = driver.get_screenshot_as_png()
    path.write_bytes(png)
    assert colours(png) > 8


def seated(srv, gid: str, tmp_path, tokens: dict, drivers: dict, watchers: tuple = ()) -> None:
    """A browser at 1280x800 per seat (and per watcher) in ``drivers``, each following the game, each seat
    sat down."""
    for name in (*tokens, *watchers):
        drivers[name] = d = borrow(tmp_path / name)
        d.set_window_size(1280, 800)
        d.get(f"{srv.url}/games/{gid}")
    for name, d in drivers.items():
        wait_for(lambda d=d: text_of(d, "live") == "live", what=f"{name}'s page to follow")
        if name in tokens:
            d.find_element("id", "token").send_keys(tokens[name])
            d.find_element("id", "sit").click()
    for name in tokens:
        wait_for(lambda d=drivers[name], a=name: text_of(d, "me").startswith("seated as " + a),
              what=f"{name} to sit")


def play_to_the_end(tmp_path: Path, name: str) -> None:
    """Play the bundled scenario ``name`` to its end by clicking only: each seat in its own browser opens
    its procedure from the menu, fills every move by clicking, and plays on to the game-over banner; the
    game verifies."""
    import httpx

    from serve_helpers import Server, verified
    from turnlog.engine import scenario

    seats = {f.id: f"p-{f.id.lower()}" for f in scenario.load(name).factions}
    with Server(tmp_path / "games") as srv:
        r = httpx.post(srv.url + "/api/games", json={"scenario": name, "seats": seats})
        gid, tokens = r.json()["id"], r.json()["tokens"]
        api = f"{srv.url}/api/games/{gid}"
        drivers = {}
        try:
            seated(srv, gid, tmp_path, tokens, drivers)
            sent: dict[str, int] = {}
            refused = []
            for _ in range(150):
                due = httpx.get(f"{api}/due").json()
                if due.get("over"):
                    break
                actor = due["waiting"][0]
                d = drivers[actor]
                shown = your_move(d, due["seq"])
                head = choose(d, sent, shown[3])
                # after a refusal whose condition only the note states (9.2.1's PA mode, 9.2.4's
                # caps, 11.16.5-R3's casualty points), another draft: one more target, then the
                # fewest again from the next target on
                tries = sent.get(head, 0) // 100
                fill_by_clicks(d, tries % 2, tries // 2)
                status = send(d)
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
                wait_for(
                    lambda d=d: text_of(d, "over") == f"Game over: {over}.", what=f"{actor}'s banner"
                )
            shot(d, tmp_path / f"{name}-over.png")
            assert verified(f"{api}/verify")["ok"]
            assert not [
                e
                for d in drivers.values()
                for e in errors(d)
                if "favicon" not in e and "status of 422" not in e and not busy_verify(e)
            ]
        finally:
            for d in drivers.values():
                give_back(d)
