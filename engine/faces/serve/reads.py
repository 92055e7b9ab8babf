"""What the reading routes of `turnlog serve` answer: the game at a glance, legal()'s choices
with their actors, whose move, the odds, the board at a seq, a page of the log. Each runs under the
game's lock (app.py's ``_read``).
"""

from __future__ import annotations

import msgspec

from turnlog.events.game import DieRolled

from ... import claims
from ... import commands as c, seats as S, undo as U
from ... import due as DUE
from ...errors import RuleViolation
from ...seats import seat_of
from ..kind_asks import moves_first, odds_before_rolls
from . import bodies as B
from .games import Entry


def summary(entry: Entry) -> dict:
    """The game at a glance: name, seq and head anchor, seats, undo and redo and by whom, whether
    over, a joint-dice game's rolls due."""
    g = entry.fresh()
    seq, head = g.log.last()
    return {
        "id": entry.id,
        "name": entry.seats.name,
        "seq": seq,
        "head": f"{seq}:{head}",
        "seats": msgspec.to_builtins(g.state.seats),
        "undo": g.undo_target() is not None,
        "redo": g.redo_target() is not None,
        "over": g.state.over,  # why the game ended (rule end), "" while it goes on
        **takeback(g),
        **joint(g.state),
    }


def legal(g) -> dict:
    """legal()'s choices, each with the actors the seat check accepts it from (``actors``; ``actor`` the
    first of them, the side's own seat before the host or referee); while a claim is pending, only what
    may happen then and the answers (engine/due.py)."""
    state = g.state
    holders = set(state.seats.factions.values())
    out = []
    for ch in moves_first(g.state, g.legal()):
        doc = msgspec.to_builtins(ch)
        seat = [a for a in ch.actors if a in holders]
        actor = (seat or ch.actors or [""])[0]
        out.append({**doc, "text": str(ch), "actor": actor, "actors": list(ch.actors)})
    return {"seq": state.seq, "choices": out}


def due(g) -> dict:
    """Whose move (Game.due()): who may act, what is due from each with its rule, whom the game waits
    for, and each seat's sentence."""
    return msgspec.to_builtins(g.due())


def odds(g) -> dict:
    """The odds each open procedure faces before its roll, as its kind gives them (kind_asks)."""
    return {"seq": g.state.seq,
            "procedures": [{"procedure": pid, "lines": lines} for pid, lines in odds_before_rolls(g)]}


def state_at(entry: Entry, at: int | None):
    g = entry.fresh()
    if at is None or at == g.state.seq:
        return g.state
    if at > g.state.seq:
        raise B.Refused(400, "input", f"at: seq {at} is past the end of the log ({g.state.seq})")
    return g.at(at)


def log_page(entry: Entry, start: int, limit: int) -> dict:
    from turnlog.projections import narrative

    g = entry.fresh()
    stop = start + limit - 1
    undone = g.undone()
    page = g.rows(start, stop)
    by = issuers(g, {cid for _seq, cid, _ev, _auto in page}, start, stop)
    rows = []
    for seq, cid, ev, auto in page:
        row = {
            "seq": seq,
            "command_id": cid,
            "automatic": auto,
            "undone": cid in undone,
            "event": ev,
            "line": narrative.line(ev),
        }
        if seq in by:
            row["actor"], row["seat"] = by[seq]
        rows.append(row)
    last = g.state.seq
    return {"rows": rows, "last": last, "next": stop + 1 if stop < last else None}


def issuers(g, cids: set[int], start: int, stop: int) -> dict[int, tuple[str, str]]:
    """First seq of each command of ``cids`` that begins in start..stop -> (its actor, its seat), in
    a seated game: one command row read for each command of the page, not the whole log's."""
    out: dict[int, tuple[str, str]] = {}
    if not g.state.seats.factions:
        return out
    for cid in sorted(cids):
        row = g.log.command(cid)
        if row is not None and start <= row[5] <= stop:
            actor = row[1] or ""
            out[row[5]] = (actor, seat_of(g.state, actor))
    return out


def joint(state) -> dict:
    """A joint-dice game's holders, identity and the keys of the rolls due now (each holder's share
    signs the identity and the key: `turnlog share` prints it); {} for other games."""
    if not state.joint_dice:
        return {}
    due = sorted(claims.due_keys(state)) if claims.ACTIVE else []
    return {"joint": {"holders": list(state.joint_dice), "game_id": state.game_id,
                      "rolls_due": due}}


def takeback(g) -> dict:
    """Who may undo and who may redo now (``undo_by``, ``redo_by``): each seated actor the engine's own
    undo and redo checks accept, so a page offers the buttons only to them (a roll is a barrier)."""
    state, who = g.state, DUE.people(g.state)
    out: dict[str, list[str]] = {"undo_by": [], "redo_by": []}
    row = g.undo_target()
    if row is not None:
        rolled = [e for _s, e in g.events(row[5], row[6]) if isinstance(e, DieRolled)]
        roll = f"{rolled[0].key} = {rolled[0].value}" if rolled else ""
        by = S.issuers(row, g.log.command)
        out["undo_by"] = [a for a in who
                          if _passes(U.decide_undo, state, row, by, roll, c.Undo(), a)]
    row = g.redo_target()
    if row is not None:
        by = S.issuers(row, g.log.command)
        out["redo_by"] = [a for a in who if _passes(U.check_redo, state, a, row, by)]
    return out


def _passes(check, *args) -> bool:
    """Whether ``check(*args)`` accepts (raises no RuleViolation)."""
    try:
        check(*args)
    except RuleViolation:
        return False
    return True
