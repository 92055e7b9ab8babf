"""The bundled river-town-11-16-5 (land combat (World in Flames)) played to its end in headless
Chromium by clicking only, each seat in its own browser, to the game-over banner and a verified log
(tests/faces/table_player.py)."""

from __future__ import annotations

import pytest

from serve_helpers import needs_starlette
from table_player import play_to_the_end

needs_starlette()
pytest.importorskip("httpx")


def test_river_town_11_16_5_is_played_to_its_end_by_clicking(tmp_path):
    play_to_the_end(tmp_path, "river-town-11-16-5")
