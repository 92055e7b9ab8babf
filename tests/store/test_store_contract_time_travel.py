"""Storage contract: the board at any seq is the fold of the log up to it, in either store."""
from __future__ import annotations

from turnlog.engine.commands import AddNote, BeginAttrition, MoveUnit, RollAttritionDie

from turnlog.projections.state import dump, load

from fixtures.backbone import ZONE, bridgehead


def test_at_gives_the_board_of_each_command(store):
    with bridgehead(store.new()) as g:
        boards = {g.state.seq: load(dump(g.state))}  # the live state changes in place: keep copies
        for cmd in (MoveUnit(unit="us-inf-3", hex="0502"), BeginAttrition(attacker="AX", zone=ZONE),
                    RollAttritionDie(procedure="A1", value=3), AddNote(text="end")):
            g.execute(cmd)
            boards[g.state.seq] = load(dump(g.state))
        for seq, board in boards.items():
            assert g.at(seq) == board
        assert g.at(3).seq == 3 and [s for s, _e in g.events(2, 4)] == [2, 3, 4]
