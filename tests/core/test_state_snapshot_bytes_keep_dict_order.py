"""A board read back from a snapshot's bytes is the board that was written, dict order included.

Rules walk the board's dicts in the order the events added their entries (a retreat's 14.76 and
14.77 consequences follow ``state.units``), so a cache that sorted them would change the rows an
honest client writes. Sorted bytes (``dump``) stay what `state` prints.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from turnlog.engine import scenario as SC
from turnlog.engine import snapshots as SN
from turnlog.engine.faces.cli.args import DEMOS
from turnlog.engine.faces.cli.demo import DEMO_SEED
from turnlog.engine.game import Game
from turnlog.projections.state import GameState, UnitState, dump, dump_exact, load

from reliability.rogue_games import script

IDS = st.lists(st.text("abcxyz-0123456789", min_size=1, max_size=6), unique=True, max_size=12)


def _orders(state: GameState) -> list[list[str]]:
    return [list(state.units), list(state.control), list(state.hexes), list(state.attritions)]


@settings(max_examples=200, deadline=None)
@given(units=IDS, control=IDS)
def test_state_loaded_from_its_exact_bytes_walks_its_dicts_in_their_order(units, control):
    state = GameState(
        units={u: UnitState(id=u, nationality="X", type="inf", factors=1) for u in units},
        control={h: "AX" for h in control},
    )
    again = load(dump_exact(state))
    assert again == state and _orders(again) == _orders(state)
    assert dump_exact(again) == dump_exact(state)
    assert list(load(dump(state)).units) == sorted(units)  # the sorted bytes are no snapshot


def test_every_demo_board_reads_back_from_its_snapshot_bytes_as_folded(tmp_path):
    """Each demo played command by command: at every command the folded board, read back from the
    bytes a snapshot stores, is the same board walking its dicts in the same order."""
    for name in DEMOS:
        with Game.create(tmp_path / f"{name}.db", SC.load(name), seed=bytes.fromhex(DEMO_SEED),
                         public_seed=True) as g:
            for cmd in script(name):
                g.execute(cmd)
                folded = g.at(g.state.seq, use_snapshots=False)
                again = load(SN.encoded(folded))
                assert again == folded and _orders(again) == _orders(folded), (name, cmd)
                assert SN.encoded(again) == SN.encoded(folded), (name, cmd)
