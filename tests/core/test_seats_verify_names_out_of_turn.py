"""Verify re-checks every command's actor against the seats of its time and names the first
command issued out of turn (stage ``seats``, its seq, the rule and who should have issued it).

The log is written by a buggy writer that skipped the seat check (monkeypatched off while writing), so its
hash chain is intact and only the seat check can catch it. A log whose actor column was edited by hand is
caught too (by the chain first: the actor is hashed with its command).
"""
from __future__ import annotations

import sqlite3

from turnlog.engine import seats as S
from turnlog.engine.commands import Redo, Undo
from turnlog.engine.faces.verify_report import text
from turnlog.engine.verify import verify, verify_path
from turnlog.events.game import CommandUndone

import rogue_rows as rogue
from seats_position import play, seated, steps


def _without_seat_checks(monkeypatch):
    monkeypatch.setattr(S, "seated", lambda _state: False)   # Game asks seated() before each check


def test_a_loss_taken_by_the_attacker_is_named_at_its_seq(tmp_path, monkeypatch):
    g = seated(tmp_path)
    play(g, 2)
    _without_seat_checks(monkeypatch)
    _bob, losses = steps(g)[2]
    (first, _ev), *_ = g.execute(losses, actor="alice")          # the buggy writer accepts it
    play_rest = steps(g)[3:]
    for actor, cmd in play_rest:
        g.execute(cmd, actor=actor)
    monkeypatch.undo()
    rep = verify(g)
    assert not rep.ok and rep.stage == "seats"
    d = rep.discrepancy
    assert (d.seq, d.rule) == (first, "14.51")
    assert d.message == ("issued out of turn by alice: TakeAttritionLosses is for the defender, WA (seat bob); "
                         "alice holds the seat of AX")
    report = text(rep)
    assert f"FIRST DISCREPANCY at seq {first}" in report
    assert report.endswith(f"NOT VERIFIED: a command was issued out of turn (first at seq {first})")


def test_an_undo_and_a_redo_by_someone_else_are_named(tmp_path, monkeypatch):
    g = seated(tmp_path)
    play(g, 3)
    _without_seat_checks(monkeypatch)
    (undo_seq, _e), = g.execute(Undo(), actor="alice")            # bob's command, undone by alice
    monkeypatch.undo()
    rep = verify(g)
    assert (rep.stage, rep.discrepancy.seq, rep.discrepancy.rule) == ("seats", undo_seq, "seats.undo")

    h = seated(tmp_path)
    play(h, 3)
    h.execute(Undo(), actor="bob")
    _without_seat_checks(monkeypatch)
    (redo_seq, _e), *_ = h.execute(Redo(), actor="hq")
    monkeypatch.undo()
    rep = verify(h)
    assert (rep.stage, rep.discrepancy.seq, rep.discrepancy.rule) == ("seats", redo_seq, "seats.redo")


def test_an_override_by_a_player_is_named(tmp_path, monkeypatch):
    g = seated(tmp_path)
    play(g, 2)
    roll = g.log.commands()[-1][0]
    undone = CommandUndone(command_id=roll, override=True, referee="alice")
    seq = rogue.append(g, "Undo", {"type": "Undo", "override": True, "referee": "alice"}, [undone],
                       actor="alice")
    rep = verify(g)
    assert (rep.stage, rep.discrepancy.seq, rep.discrepancy.rule) == ("seats", seq, "seats.undo")


def test_a_game_played_in_turn_verifies(tmp_path):
    g = seated(tmp_path)
    play(g, 5)
    g.execute(Undo(), actor="carol")
    g.execute(Redo(), actor="bob")
    assert verify(g).ok


def test_an_actor_edited_by_hand_is_caught_by_the_chain(tmp_path):
    g = seated(tmp_path)
    play(g, 3)
    db = g.log.path
    g.close()
    conn = sqlite3.connect(db)
    conn.execute("DROP TRIGGER events_append_only_update")
    conn.execute("UPDATE events SET actor = 'alice' WHERE actor = 'bob'")
    conn.commit()
    conn.close()
    rep = verify_path(db)
    assert not rep.ok and rep.stage == "chain"   # the actor is hashed with its command: the chain names it first
