"""A real headless Chromium for the HTML replay tests, and reading what its page shows.

Debian's `chromium` and `chromium-driver` and selenium from PyPI (.ci/run installs all three; no
browser is ever downloaded). Without them the tests skip naming what is missing; under CI (CI set and
apt-get present, so .ci/run could install them) a missing browser fails instead, so the browser tests
cannot silently stop running there.
"""
from __future__ import annotations

from typing import Any

import io
import json
import os
import re
import shutil
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from turnlog.engine.faces.cli import main

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--window-size=1400,1100")
WINDOW = (1400, 1100)
DATA = re.compile(r'<script type="application/json" id="turnlog-data">(.*?)</script>', re.S)


def missing() -> str:
    """Why no browser test can run here, or ''."""
    for path, package in ((CHROMIUM, "chromium"), (DRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"{path} not found: install Debian's {package} (.ci/run does)"
    try:
        import selenium  # noqa: F401
        import PIL  # noqa: F401
    except ImportError as err:
        return f"{err.name} is not installed: pip install -e '.[test]'"
    return ""


def start_browser(profile: Path):
    """A headless Chromium on a fresh profile, or skip (fail under CI) saying why there is none."""
    why = missing()
    if why:
        if os.environ.get("CI") and shutil.which("apt-get"):
            pytest.fail(f"CI must run the browser tests, but {why}")
        pytest.skip(why)
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    return webdriver.Chrome(service=Service(DRIVER), options=options)


#: This test process's browsers between two tests (``borrow``, ``give_back``), quit at the session's
#: end (tests/conftest.py ``pytest_sessionfinish``).
_IDLE: list = []


def borrow(profile: Path):
    """A browser of this test process's pool, or a new one on ``profile``: a test of several seats
    takes one per seat and gives each back (``give_back``) instead of launching and quitting them.

    A browser given back holds nothing of its last test that a page reads: it shows about:blank, its
    log is drained, its window has the size it began with, and a page's token lives in the session
    storage of that game's page only (the key names the game)."""
    return _IDLE.pop() if _IDLE else start_browser(profile)


def give_back(driver) -> None:
    """Return a borrowed browser to the pool, its page and log cleared; a broken one is quit."""
    try:
        driver.get("about:blank")
        driver.get_log("browser")  # drained: the next test reads only its own page's errors
        driver.set_window_size(*WINDOW)
    except Exception:  # noqa: BLE001 - a browser that cannot be reset is not reused
        driver.quit()
        return
    _IDLE.append(driver)


def quit_pool() -> None:
    """Quit every browser given back (the end of the test session)."""
    while _IDLE:
        _IDLE.pop().quit()


def open_page(driver, path: Path, seq: int | None = None) -> None:
    """Load the page from its file:// URL (at ``seq`` when given) and wait until its script has drawn it."""
    from selenium.webdriver.support.ui import WebDriverWait
    driver.get("about:blank")  # a new load even when only the #seq differs from the page shown
    driver.get(path.resolve().as_uri() + (f"#seq={seq}" if seq else ""))
    WebDriverWait(driver, 60).until(lambda d: d.find_element("tag name", "body").get_attribute("data-ready") == "1")


def press(driver, key: str, times: int = 1) -> None:
    """Type a key (selenium Keys name: ARROW_RIGHT, HOME, ...) into the page ``times`` times."""
    from selenium.webdriver.common.keys import Keys
    body = driver.find_element("tag name", "body")
    for _ in range(times):
        body.send_keys(getattr(Keys, key))


def shown(driver, element_id: str) -> str:
    return driver.find_element("id", element_id).text


def errors(driver) -> list[str]:
    """What the page logged as an error (a blocked script, a failed load, an exception)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def colours(png: bytes) -> int:
    """How many distinct colours a screenshot holds (a blank page has one or two)."""
    from PIL import Image
    return len(Image.open(io.BytesIO(png)).convert("RGB").getcolors(maxcolors=1 << 24))


def export_html(db: Path, out: Path, *extra: str) -> int:
    """Run `turnlog export --db DB --html OUT`; return its exit status (output swallowed)."""
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        return main(["export", "--db", str(db), "--html", str(out), *extra])


def page_data(path: Path) -> dict:
    """The data the page embeds (the JSON inside its application/json script)."""
    return json.loads(DATA.search(path.read_text(encoding="utf-8")).group(1))


__all__ = ["borrow", "colours", "errors", "give_back", "export_html", "open_page", "page_data",
           "press", "shown", "start_browser", "wait_for", "wait_in_page"]


def wait_for(predicate, timeout: float = 20.0, what="") -> Any:
    """Poll ``predicate`` until it gives something true (returned), or fail naming ``what`` (a text, or
    a function giving one: what the page says at that moment)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = predicate()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")


#: The page's side of ``wait_in_page``: ``test`` runs every 10 ms until it gives something true,
#: handed back at once; null once the time is up.
_WAIT = """const done = arguments[arguments.length - 1], until = Date.now() + arguments[0];
const test = () => { %s };
(function poll() {
  const got = test();
  if (got || Date.now() > until) return done(got || null);
  setTimeout(poll, 10);
})();"""


def wait_in_page(driver, body: str, what, timeout: float = 20.0) -> Any:
    """Wait in the page itself until the script ``body`` (statements ending in a ``return``) gives
    something true, and return it: one round trip to the browser, where ``wait_for`` polling a
    script makes one per try. Fail naming ``what`` as ``wait_for`` does."""
    if getattr(driver, "waits_up_to", None) != timeout:  # one more round trip: only when it changes
        driver.set_script_timeout(timeout + 5)
        driver.waits_up_to = timeout
    got = driver.execute_async_script(_WAIT % body, int(timeout * 1000))
    if not got:
        raise AssertionError(f"timed out waiting for {what() if callable(what) else what}")
    return got


def text_of(driver, element_id: str) -> str:
    """The visible text of the element with id ``element_id``."""
    return driver.find_element("id", element_id).text
