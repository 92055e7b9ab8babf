"""What every test folder shares: the import path of the helper modules, and the toy kind's fixture.

The test folders are not packages (pytest's default import mode, so each test file's basename is unique
in tests/: tests/core/test_layout_tests_mirror_code.py checks). tests/ goes on the path for ``fixtures`` and
the ``reliability`` harness package, tests/support/ for the helper modules several folders import
(``from helpers import ...``); a helper only one folder uses sits in that folder.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

# Bytecode caches on, whatever the environment says (PYTHONDONTWRITEBYTECODE): without them every
# worker rewrites every test module's asserts again and every `turnlog` process the suite starts
# compiles the whole package again, which is most of the suite's time on two cores. The caches are
# __pycache__ folders, which git ignores and no test reads.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
for _folder in (TESTS, TESTS / "support"):
    if str(_folder) not in sys.path:
        sys.path.insert(0, str(_folder))


#: The files that take longest (seconds on an idle two-core machine, roughly: a schedule, never a bound).
SLOW = {
    "faces/test_serve_table_browser_designation.py": 100, "faces/test_serve_schemathesis.py": 50,
    "core/test_benchmarks_smoke.py": 45, "faces/test_serve_table_browser.py": 45,
    "faces/test_serve_page_browser.py": 40, "faces/test_serve_table_browser_wif.py": 38,
    "faces/test_serve_table_browser_assault.py": 33, "faces/test_serve_live.py": 28,
    "faces/test_serve_shared_database.py": 25, "reliability/test_reliability_rogue_in_ranges.py": 24,
    "core/test_wheel_namespace.py": 17, "reliability/test_reliability_rogue.py": 14,
    "store/test_readers_see_one_moment_while_a_writer_plays.py": 14,
    "core/test_benchmarks_serve_scale_smoke.py": 15, "faces/test_serve_table_keyboard.py": 12,
    "core/test_api_host_program_type_checks.py": 11, "faces/test_serve_pg_followers_share_one_listener.py": 6,
    "store/test_store_cli_takes_a_postgres_url.py": 9, "faces/test_serve_pg_pool.py": 8,
    "faces/test_serve_generated_client.py": 8, "faces/test_html_browser_demos.py": 8,
}


def pytest_collection_modifyitems(config, items):
    """Run the files of SLOW first, the longest first; every other file keeps its place.

    xdist (--dist loadfile --no-loadscope-reorder) gives each worker whole files in this order: a long
    file handed out last would keep one worker busy while the other waits.
    """
    gone = [name for name in SLOW if not (TESTS / name).is_file()]
    if gone:
        raise pytest.UsageError(f"tests/conftest.py SLOW names files that are not there: {gone}")
    weight = {TESTS / name: seconds for name, seconds in SLOW.items()}
    items.sort(key=lambda item: -weight.get(item.path, 0))  # stable: each file's own order kept


def pytest_sessionfinish(session):
    """Quit the browsers the browser tests pooled (tests/faces/html_browser.py), if any ran here."""
    browsers = sys.modules.get("html_browser")
    if browsers is not None:
        browsers.quit_pool()


@pytest.fixture
def toy():
    """The Game and the command parser verify uses know RollToy (registering again changes nothing)."""
    import turnlog
    from fixtures.toy_dice import TOY, RollToy
    turnlog.register_kind(TOY)
    return RollToy
