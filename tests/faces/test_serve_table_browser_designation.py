"""The bundled ridge-line-9 (designation (Wacht am Rhein II)) played to its end in headless Chromium by
clicking only, each seat in its own browser, to the game-over banner and a verified log
(tests/faces/table_player.py)."""

from __future__ import annotations

import pytest

from serve_helpers import needs_starlette
from table_player import play_to_the_end

needs_starlette()
pytest.importorskip("httpx")


def test_ridge_line_9_is_played_to_its_end_by_clicking(tmp_path):
    play_to_the_end(tmp_path, "ridge-line-9")
