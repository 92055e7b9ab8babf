"""The rogue harness's mutators beyond one command: event types, a forged snapshot, a fork's
identity row, the schema.

Event types: a donor row of each type, taken from the honest demo logs, is smuggled in under a
command that folds or re-executes it (a RevealSeed, a note). The forged snapshot is the cache's
class: the board of a snapshot is changed, an honest client then plays on it, and verify must name
the row it wrote when that row is not what the rules give on the true board. A fork's identity row
(ForkGame) belongs only at a fork's cut, as `turnlog fork` writes it: one played by a player, or
one whose identity the fork command does not derive, is rogue. The schema classes (an
extra trigger, the append-only triggers replaced by no-ops under their own names) change no row:
verify must still say NOT VERIFIED. All write through the store's own API, except the schema edits
(SQLite DDL on the file).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import msgspec
from turnlog.engine import commands as c
from turnlog.engine import identity as ID
from turnlog.engine import snapshots as SN
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.events.game import NoteAdded

from . import rogue_games as RG
from .rogue_mutators import Ctx, Rogue, decided, row


def donors(games: dict[str, Game]) -> dict[str, tuple[str, tuple]]:
    """Event type -> (scenario, one stored row of it) over the finished honest demo games."""
    out: dict[str, tuple[str, tuple]] = {}
    for name, g in games.items():
        for _s, _cid, type_, version, data, auto in g.log.rows():
            if type_ not in ("GameCreated", "CommandUndone"):
                out.setdefault(type_, (name, (type_, version, data, bool(auto))))
    return out


def carried(ctype: str, donor: tuple) -> Callable[[Ctx], Rogue | None]:
    """A mutator appending a ``ctype`` command carrying the donor event (a note's after its own).

    None where the donor is the very row the command writes here (a reveal's own seed, taken from
    the same game played on): that log is honest.
    """

    def mutate(x: Ctx) -> Rogue | None:
        if ctype == "AddNote":
            rows = [row(NoteAdded(text="a note", at_seq=x.last())), donor]
            first = x.write(rows, ctype, {"type": "AddNote", "text": "a note"}, RG.HOST)
            return Rogue(first, first + 1, f"AddNote carrying a {donor[0]}")
        if decided(x, {"type": ctype}) == [donor]:
            return None
        first = x.write([donor], ctype, {"type": ctype}, RG.HOST)
        return Rogue(first, first, f"{ctype} carrying a {donor[0]}")

    mutate.__name__ = f"{ctype}_carries_{donor[0]}"
    return mutate


def forged_snapshot_play(x: Ctx) -> Rogue | None:
    """A snapshot at the tail, every unit 3 factors stronger, bound to the chain as a forger who
    writes the cache can (the real row hash, the digest recomputed); an honest client plays the
    target.

    Applies only when the rows the client writes on the forged board differ from the true board's:
    never while the cache is confirmed before use (engine/snapshots.py).
    """
    g = x.g
    true_rows = x.honest()
    state = g.at()
    for u in state.units.values():
        u.factors += 3
    undone = msgspec.json.encode(sorted(g.undone(state.seq))).decode()
    g.log.save_snapshot(state.seq, undone, SN.bind(g.log.hash_at(state.seq), undone, state))
    path, signed = g.log.path, x.signed
    g.close()
    forged = RG.arm(Game.open(path), signed)
    x.g = forged
    try:
        rows = RG.honest_rows(forged, x.target.command)
    except (CommandError, RuleViolation):
        return None
    if rows == true_rows:
        return None
    first = x.last() + 1
    forged.execute(x.target.command, actor=RG.actor_for(forged.state, x.target.command))
    j = next(i for i, (a, b) in enumerate(zip(rows + [None], true_rows + [None])) if a != b)
    return Rogue(
        first,
        first + j,
        f"{x.target.ctype} played by an honest client on a forged snapshot (every unit +3 factors)",
    )


def _fork_rows(x: Ctx, **changed) -> tuple[str, list]:
    """The payload and rows of the ForkGame a fork cut at the tail would write, ``changed``."""
    nonce = ID.new_id()
    ev = msgspec.structs.replace(ID.forked(x.g.state, nonce)[0], **changed)
    return c.encode(c.ForkGame(nonce=nonce)).decode(), [row(ev)]


def fork_by_player(x: Ctx) -> Rogue:
    """A fork's identity row played into the game by the target's player (signed with her key)."""
    payload, rows = _fork_rows(x)
    first = x.write(rows, "ForkGame", payload, x.actor)
    return Rogue(first, first, f"a ForkGame issued by {x.actor} before {x.target.ctype}")


def fork_chosen_identity(x: Ctx) -> Rogue:
    """A fork's identity row as a fork writes it (no actor, unsigned) but taking back the game's
    own identity, so that what was signed or shared for the game would fit after it too."""
    payload, rows = _fork_rows(x, game_id=x.g.state.game_id)
    first = x.write(rows, "ForkGame", payload, "")
    return Rogue(first, first, f"a ForkGame before {x.target.ctype} keeping the game's identity")


def _ddl(x: Ctx, statements: list[str]) -> None:
    path = x.g.log.path
    x.g.close()
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for sql in statements:
            conn.execute(sql)
    finally:
        conn.close()
    x.g = RG.arm(Game.open(path), x.signed)


def extra_trigger(x: Ctx) -> Rogue | None:
    if not _sqlite(x):
        return None
    _ddl(x, ["CREATE TRIGGER rogue_extra AFTER INSERT ON events BEGIN SELECT 1; END"])
    return Rogue(None, None, "an extra trigger in the game file's schema")


def noop_triggers(x: Ctx) -> Rogue | None:
    """The append-only triggers dropped and made again, under their own names, doing nothing."""
    if not _sqlite(x):
        return None
    path = x.g.log.path
    conn = sqlite3.connect(path)
    names = [n for (n,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")]
    tables = {
        n: t
        for n, t in conn.execute("SELECT name, tbl_name FROM sqlite_master WHERE type = 'trigger'")
    }
    conn.close()
    stmts = []
    for n in names:
        when = "UPDATE" if n.endswith("update") else "DELETE" if n.endswith("delete") else "INSERT"
        stmts += [
            f'DROP TRIGGER "{n}"',
            f'CREATE TRIGGER "{n}" BEFORE {when} ON {tables[n]} BEGIN SELECT 1; END',
        ]
    _ddl(x, stmts)
    return Rogue(
        None, None, f"the append-only triggers ({len(names)}) replaced by no-ops of the same names"
    )


def _sqlite(x: Ctx) -> bool:
    return not str(x.g.log.path).startswith("postgresql")


#: Mutators tried once per game, beyond one command's rows (the forged snapshot: on every target).
PER_GAME: dict[str, Callable[[Ctx], Rogue | None]] = {
    "extra_trigger": extra_trigger,
    "noop_triggers": noop_triggers,
}

#: Mutators tried on every target, beside rogue_mutators.PER_TARGET.
PER_TARGET: dict[str, Callable[[Ctx], Rogue | None]] = {
    "forged_snapshot_play": forged_snapshot_play,
    "fork_by_player": fork_by_player,
    "fork_chosen_identity": fork_chosen_identity,
}
