"""The volley passes turnlog's conformance kit, and ships as a distribution with its entry point."""
from __future__ import annotations

import tomllib
from pathlib import Path

from turnlog.testing import check_kind

HERE = Path(__file__).resolve().parents[1]


def test_the_volley_passes_the_conformance_kit_and_reaches_every_event_type(make, tmp_path):
    report = check_kind(make, "volley", tmp_path, games=4)
    assert not report.unseen and report.barrier and report.forged


def test_the_distribution_names_the_kind_in_the_entry_point_group():
    meta = tomllib.loads((HERE / "pyproject.toml").read_text(encoding="utf-8"))
    assert meta["project"]["entry-points"]["turnlog.kinds"] == {"volley": "volley.kind:KIND"}


def test_the_kind_imports_only_turnlog_kit_of_turnlog_in_at_most_300_lines():
    code = [p.read_text(encoding="utf-8") for p in (HERE / "volley").glob("*.py")]
    imports = {line.split()[1] for text in code for line in text.splitlines()
               if line.startswith(("from turnlog", "import turnlog"))}
    assert imports == {"turnlog.kit"}
    assert sum(len(text.splitlines()) for text in code) <= 300


def test_the_table_says_it_is_invented():
    table = tomllib.loads((HERE / "volley" / "volley-crt.toml").read_text(encoding="utf-8"))
    assert table["invented"] is True and "invented" in table["source"]
