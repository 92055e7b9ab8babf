"""Harness "fairplay" at CI scale: every cheat with the honest tools is refused or left a claim; the honest
game verifies."""
from __future__ import annotations

from reliability import fairplay


def test_cheating_with_the_honest_tools_is_prevented(tmp_path):
    fig = fairplay.run(workdir=tmp_path)
    assert fig["cases"] == 13 and fig["worked"] == [], fig["answers"]
    assert fig["answers"]["move the enemy out"] == "claim"
    assert fig["honest_verified"]
