"""The replay and the export speak to a reader: a phase change says its condition in words and
rule, not the phase table's code name; the setup is the scenario's, not an actor's with "no
seat"; a seed revealed later in the log checks the rolls made before it, and export says the
seed went with the events."""
from __future__ import annotations

import io
import shutil
from contextlib import redirect_stdout

import pytest

from turnlog.engine.faces.cli import main

from fixtures.backbone import cli
from html_browser import borrow, export_html, give_back, open_page, page_data, shown


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    d = tmp_path_factory.mktemp("demo")
    with redirect_stdout(io.StringIO()):
        assert main(["demo", "--dir", str(d), "--scenario", "eastern-front-winter"]) == 0
    return d / "eastern-front-winter.db"


def test_a_phase_change_names_its_condition_in_words_and_its_rule(demo, tmp_path):
    assert export_html(demo, tmp_path / "r.html") == 0
    strings = page_data(tmp_path / "r.html")["strings"]
    assert not [s for s in strings if "because has_" in s or "occupation_allowed" in s]
    assert any("--roll--> losses: the result calls for counter losses (14.41)" in s for s in strings)


def test_a_roll_before_the_reveal_is_checked_against_the_revealed_seed(demo, tmp_path):
    """The demo reveals its seed at the end; without the seed file beside the copy, the log's reveal is used."""
    copy = tmp_path / "g.db"
    shutil.copy(demo, copy)
    assert export_html(copy, tmp_path / "r.html") == 0
    strings = page_data(tmp_path / "r.html")["strings"]
    assert not [s for s in strings if "checkable once revealed" in s or "neither revealed" in s]
    assert any("re-derived, it matches" in s for s in strings)
    r = cli("export", "--db", copy, "--output", tmp_path / "g.jsonl")
    assert r.returncode == 0 and "the dice seed goes with them: it was revealed in the log" in r.stderr


def test_the_setup_is_issued_by_the_scenario(demo, tmp_path):
    assert export_html(demo, tmp_path / "r.html") == 0
    driver = borrow(tmp_path / "profile")
    try:
        open_page(driver, tmp_path / "r.html", seq=1)
        assert shown(driver, "actor").startswith("issued by the scenario (the game's setup)")
        assert "seat" not in shown(driver, "actor")
    finally:
        give_back(driver)
