"""The four built-in kinds pass the conformance kit a plugin's author runs (turnlog.testing), each on its
bundled INVENTED demo: legal() drafts accepted, replay, snapshots, the dice barrier, a forged row named by
verify at its seq, and every face drawing each event type the games reached."""
from __future__ import annotations

import pytest

from turnlog import Game, load_scenario
from turnlog.testing import check_kind

from helpers import SEED

DEMOS = {"attrition": "bridgehead-14-65", "designation": "ridge-line-9", "wif": "river-town-11-16-5",
         "assault": "hedgerow-assault"}


@pytest.mark.parametrize("kind", sorted(DEMOS))
def test_a_built_in_kind_passes_the_conformance_kit(kind, tmp_path):
    scenario = load_scenario(DEMOS[kind])
    report = check_kind(lambda d: Game.create(d / "g.db", scenario, seed=SEED), kind, tmp_path, games=2)
    assert report.played and report.forged and report.seen
