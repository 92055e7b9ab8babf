"""The volley's tests: the kind registered (installed by pip, or from this checkout), and a fresh game."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parents[1]
try:
    import volley  # noqa: F401  (installed: `pip install -e examples/volley`)
except ImportError:
    sys.path.insert(0, str(HERE))

import turnlog  # noqa: E402
from volley.kind import KIND  # noqa: E402

turnlog.register_kind(KIND)  # a no-op when its entry point already loaded it

SCENARIO = HERE / "volley" / "line-of-fire.toml"
SEED = bytes(range(32))


@pytest.fixture
def make():
    """A new game of the bundled INVENTED scenario in a folder, with a fixed seed."""
    scenario = turnlog.load_scenario(str(SCENARIO))
    return lambda folder: turnlog.Game.create(folder / "g.db", scenario, seed=SEED)


@pytest.fixture
def game(make, tmp_path):
    g = make(tmp_path)
    yield g
    g.close()
