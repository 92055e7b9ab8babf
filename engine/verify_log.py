"""Verify's stages on the log alone, nothing re-executed: integrity, the chain and anchors, signatures,
combat tables, dice.

Each fills the Report (engine/verify_types.py) it is given; engine/verify.py runs them in order, before
the re-execution pass (engine/verify_commands.py).
"""
from __future__ import annotations

from typing import Sequence

import msgspec

from turnlog.events.codec import decode
from turnlog.events.game import DieRolled, SeedRevealed
from turnlog.events.log import EventLog
from turnlog.projections.narrative import shown

from . import anchor as A
from . import dice as D
from . import joint_verify as JV
from . import signatures as SG
from .errors import ScenarioError
from .game import Game
from .kit import tables as T
from .verify_types import Report, Roll


def _head(log: EventLog, rep: Report, progress=None, anchors: Sequence[A.Anchor] = ()) -> list[tuple] | None:
    """Integrity, the hash chain and the anchors, on the log alone (nothing replayed); None if broken,
    else the command rows (the commands stage re-executes them: read once)."""
    rep.integrity = log.integrity()
    rep.events = log.last()[0]
    commands = log.commands()
    rep.commands = len(commands)
    rep.head = A.head(log)
    rep.log_format = log.format
    _stage(progress, "verify: hash chain")
    rep.chain_ok_upto, rep.first_bad_seq, rep.problem = _chain(log, rep.events, progress)
    if rep.integrity != "ok" or rep.first_bad_seq is not None:
        rep.ok = False
        rep.stage = "integrity" if rep.integrity != "ok" else "chain"
        return None
    failed = A.check(log, list(anchors))
    rep.anchors = [f"{s}:{h}" for s, h in sorted(anchors)]
    if failed is not None:
        rep.ok, rep.stage = False, "anchor"
        rep.first_bad_seq, rep.problem = failed
        return None
    return commands


def _signatures(game: Game, rep: Report) -> tuple[int | None, str] | None:
    """A signed game's first missing or forged signature as (seq, why), or (None, why) when they cannot be
    checked here (the optional extra is missing); None when all verify or the game is not signed.

    The keys are the ones recorded at creation, and go in the report to compare with the players' own.
    """
    keys = game.state.seats.keys
    if not keys:
        return _keyless(game, rep)
    rep.keys = SG.fingerprints(keys)
    if game.log.format < 4:
        rep.signatures_checked = 0
        return 1, f"seq 1: the game registers keys but its log (format {game.log.format}) holds no signatures"
    try:
        created = game.events(1, 1)[0][1]
        game_id = getattr(created, "game_id", "")
        done, bad, why = SG.check_log(game.log.command_signatures(), keys, game_id)
    except SG.Unavailable as err:
        rep.signatures_checked = 0
        return None, f"the signatures cannot be checked here: {err}"
    rep.signatures_checked = done
    return None if bad is None else (bad, f"seq {bad}: {why}")


def _keyless(game: Game, rep: Report) -> tuple[int | None, str] | None:
    """Name a log in the signed format that registers no key: a signed game whose keys were removed?

    turnlog stores a game in log format 4 because it is signed; only the API's explicit
    ``log_format`` makes an unsigned one. A signature on any row proves the game was signed (NOT
    VERIFIED, its seq); without one the report says so beside the verdict. A rewriter who also
    writes the file back in an older format leaves nothing here to see: the anchor a player kept,
    and the keys the players exchanged, catch it.
    """
    if game.log.format < 4:
        return None
    rep.keyless_signed_format = True
    signed = next((row[0] for row in game.log.command_signatures() if row[5]), None)
    if signed is None:
        return None
    return signed, (f"seq {signed}: the row holds a signature but the game registers no key: "
                    "a signed game whose keys were removed from its setup")


def _identity(game: Game, rep: Report) -> None:
    """Report the game's identity and each fork's cut, to compare with the game the players agreed on.

    A fork is a valid game of its own; presented as the original, it shows by its identity and cut.
    Reported where it matters, so other games report as before: signed or joint-dice games, forks.
    """
    forks = [f"{s} {e.forked_from or '-'} {e.game_id}" for s, _c, e in game.events_of("GameForked")]
    if forks:
        rep.forks = forks
    st = game.state
    if st.game_id and (forks or st.seats.keys or st.joint_dice):
        rep.game_id = st.game_id


def _tables(created, rep: Report) -> bool:
    """Each combat table in GameCreated still matches its recorded SHA-256 and reads (engine/kit/tables.py).

    The hashes go in the report, so a player can compare them with the table file he holds.
    """
    recs = getattr(created, "tables", [])
    if recs:
        rep.tables = [f"{r.name} {r.sha256}" + (" (invented)" if r.invented else "") for r in recs]
    for rec in recs:
        try:
            T.from_record(rec)
        except ScenarioError as err:
            rep.problem, rep.first_bad_seq = f"seq 1: {err}", 1
            return True
    return False


def _stage(progress, label: str) -> None:
    """Tell a Progress that a new stage begins (a plain callable just keeps counting)."""
    if progress is not None and hasattr(progress, "restart"):
        progress.restart(label)


def _chain(log, total: int, progress) -> tuple[int, int | None, str]:
    """log.verify_chain(), its rows counted through ``progress`` when one is watching."""
    if progress is None or not getattr(progress, "enabled", True):
        return log.verify_chain()
    from .progress import counting
    return log.verify_chain(lambda rows: counting(rows, total, progress))  # same check, rows counted on the way


def _dice(game: Game, rep: Report) -> None:
    seed, commitment, created = None, "", None
    rolls: list[tuple[int, DieRolled]] = []
    for seq, _cid, ev in _dice_rows(game.log):
        if seq == 1:
            commitment, created = ev.seed_sha256, ev
            if ev.seed_public:
                rep.seed_public = True
            if ev.joint_dice:  # no single seed: every roll mixes the holders' shares
                for s, r, check in JV.check(game, ev, rep):
                    (rep.rolls_entered if check == "entered" else rep.rolls_unchecked if check == "unchecked"
                     else []).append(s)
                    rep.rolls.append(Roll(seq=s, key=r.key, value=r.value, check=check))
                return
        if isinstance(ev, SeedRevealed):
            seed = bytes.fromhex(ev.seed)
            if D.commitment(seed) != commitment:
                rep.problem = f"seq {seq}: the revealed seed does not match the commitment at seq 1"
                rep.first_bad_seq = seq
                return
            rep.seed = "revealed"
        elif isinstance(ev, DieRolled):
            rolls.append((seq, ev))
    if seed is None and game.seed is not None and D.commitment(game.seed) == commitment:
        seed, rep.seed = game.seed, "sidecar"
    for seq, r in rolls:
        if r.entered:
            rep.rolls_entered.append(seq)
            check = "entered"
        elif seed is None:
            rep.rolls_unchecked.append(seq)
            check = "unchecked"
        elif (bad := _seeded_problem(seed, r, created)):
            rep.problem = rep.problem or f"seq {seq}: {bad}"
            rep.first_bad_seq = rep.first_bad_seq or seq
            check = "mismatch"
        else:
            rep.rolls_derived += 1
            check = "derived"
        rep.rolls.append(Roll(seq=seq, key=r.key, value=r.value, check=check))


def _dice_rows(log: EventLog):
    """(seq, command id, event) of the rows the dice stage reads, in seq order: the setup, the reveals, the rolls.

    Read by type, so the stage costs what the dice are, not what the log is.
    """
    first = [(s, cid, decode(t, v, d)) for s, cid, t, v, d, _a in log.rows(1, 1)]
    marks = [(s, cid, t, v, d) for type_ in ("SeedRevealed", "DieRolled") for s, cid, t, v, d in log.rows_of_type(type_)]
    marks.sort(key=lambda r: r[0])
    return first + [(s, cid, decode(t, v, d)) for s, cid, t, v, d in marks if s != 1]


def _seeded_problem(seed: bytes, r: DieRolled, created) -> str:
    """Why the seed does not give a logged roll (its value, its faces, its named dice), or ''."""
    spec = D.spec_of(created.die, created.dice, r)
    if spec is None:
        return f"roll {r.key} names dice {r.dice!r}, which the game does not declare"
    value, faces = D.again(seed, r, spec)
    if (value, faces) == (r.value, r.faces):
        return ""
    return (f"roll {r.key} = {shown(r)} but the seed gives "
            f"{shown(msgspec.structs.replace(r, value=value, faces=faces))}")
