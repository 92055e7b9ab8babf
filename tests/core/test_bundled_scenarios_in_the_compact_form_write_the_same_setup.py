"""Each bundled scenario, rewritten in the compact notation (docs/scenario.md "The compact form"), writes the
very setup events its full form wrote: the full forms are kept under tests/fixtures/scenarios_full/."""
from __future__ import annotations

from pathlib import Path

import pytest

from turnlog.engine import scenario as S
from turnlog.events.codec import encode

FULL = Path(__file__).resolve().parents[1] / "fixtures" / "scenarios_full"
BUNDLED = Path(S.__file__).parent / "scenarios"
SEED = "0" * 64


def _setup(path: Path) -> list[bytes]:
    sc = S.parse(path.read_text(encoding="utf-8"), "toml", str(path), BUNDLED)
    return [encode(ev) for ev in S.setup_events(sc, SEED)]


@pytest.mark.parametrize("name", S.bundled_names())
def test_the_compact_form_writes_the_full_forms_setup_byte_for_byte(name):
    assert (FULL / f"{name}.toml").is_file(), f"keep the full form of {name} under tests/fixtures/scenarios_full"
    assert _setup(BUNDLED / f"{name}.toml") == _setup(FULL / f"{name}.toml")


def test_the_compact_forms_are_shorter():
    for name in S.bundled_names():
        assert len((BUNDLED / f"{name}.toml").read_bytes()) <= len((FULL / f"{name}.toml").read_bytes()), name
