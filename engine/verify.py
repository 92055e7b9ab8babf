"""Verify a disputed game: the chain, every die, every command, the replay.

1. the hash chain and gapless seq, naming the first bad row;
2. every seeded roll re-derived from the seed (revealed in the log, or this
   process's sidecar), entered rolls listed as such;
3. every command re-executed through the rules on the board of its time must
   give exactly the events that were logged;
4. a full replay from zero (no snapshots) equals the snapshot-assisted state.
"""
from __future__ import annotations

from typing import Sequence

import msgspec

from turnlog.events.codec import SchemaError, decode, encode
from turnlog.events.game import DieRolled, SeedRevealed
from turnlog.events.log import EventLog
from turnlog.projections import fold as F
from turnlog.projections.state import GameState, dump, load

from . import anchor as A
from . import commands as c
from . import dice as D
from . import joint_verify as JV
from . import seats as S
from .errors import CommandError, RuleViolation, ScenarioError
from .game import Game, settle
from .kit import tables as T


class Discrepancy(msgspec.Struct, kw_only=True):
    seq: int
    command_id: int
    command: str
    rule: str = ""
    message: str
    logged: str = ""      # the logged event at ``seq``, in words (when re-execution differs)
    again: str = ""       # what re-executing the command gives there instead


class Roll(msgspec.Struct, kw_only=True):
    """One logged die roll and how it was checked: derived, entered, unchecked or mismatch."""

    seq: int
    key: str
    value: int
    check: str


class Report(msgspec.Struct, kw_only=True):
    ok: bool = True
    events: int = 0
    chain_ok_upto: int = 0
    first_bad_seq: int | None = None
    problem: str = ""
    integrity: str = ""
    seed: str = "unknown"
    rolls_derived: int = 0
    rolls_entered: list[int] = []
    rolls_unchecked: list[int] = []
    commands_checked: int = 0
    discrepancy: Discrepancy | None = None
    replay_equal: bool | None = None
    name: str = ""
    commands: int = 0
    stage: str = ""               # the first check that failed: integrity, chain, anchor, dice, commands, replay
    head: str = ""                # SEQ:HASH of the last row: keep it, pass it back as --anchor later
    log_format: int = 0           # the file's log format (events/log.py): older files keep theirs
    anchors: list[str] = []       # the anchors checked
    rolls: list[Roll] = []
    overrides: list[int] = []     # seqs of undos a referee forced past a die roll
    missing_triggers: list[str] = []  # append-only triggers the file lacks (dropped, or an old file)
    # Present only when they apply, so older games report exactly as before:
    seed_public: bool | msgspec.UnsetType = msgspec.UNSET       # the log marks its seed as known to others
    joint: JV.JointCheck | msgspec.UnsetType = msgspec.UNSET    # joint dice (engine/joint_verify.py)
    tables: list[str] | msgspec.UnsetType = msgspec.UNSET       # "NAME SHA256" of each combat table in setup


class _LoggedDice(D.Dice):
    """Serves the rolls the command logged, in order, so re-execution sees the same dice."""

    def __init__(self, die, rolls: list[DieRolled]):
        super().__init__(None, die)
        self.rolls = list(rolls)

    def roll(self, key: str, procedure: str = "", rule: str = "") -> DieRolled:
        if not self.rolls:
            raise RuleViolation("verify", f"re-execution rolls {key} but the log holds no roll for it")
        r = self.rolls.pop(0)
        if r.key != key:
            raise RuleViolation("verify", f"re-execution rolls {key} but the log rolled {r.key}")
        return r


def _head(log: EventLog, rep: Report, progress=None, anchors: Sequence[A.Anchor] = ()) -> bool:
    """Integrity, the hash chain and the anchors, on the log alone (nothing replayed); False if broken."""
    rep.integrity = log.conn.execute("PRAGMA integrity_check").fetchone()[0]
    rep.events = log.last()[0]
    rep.commands = len(log.commands())
    rep.head = A.head(log)
    rep.log_format = log.format
    _stage(progress, "verify: hash chain")
    rep.chain_ok_upto, rep.first_bad_seq, rep.problem = _chain(log, rep.events, progress)
    if rep.integrity != "ok" or rep.first_bad_seq is not None:
        rep.ok = False
        rep.stage = "integrity" if rep.integrity != "ok" else "chain"
        return False
    failed = A.check(log, list(anchors))
    rep.anchors = [f"{s}:{h}" for s, h in sorted(anchors)]
    if failed is not None:
        rep.ok, rep.stage = False, "anchor"
        rep.first_bad_seq, rep.problem = failed
        return False
    return True


def verify_path(path, *, seed_file=None, synchronous: str = "FULL", progress=None,
                anchors: Sequence[A.Anchor] = (), secret_files=None) -> Report:
    """Verify a game file: the chain first, on the raw log, before any replay can stumble on a bad row.

    ``anchors`` are (seq, hash prefix) pairs kept from an earlier verify (engine/anchor.py).
    """
    rep = Report()
    log = EventLog(path, synchronous=synchronous, readonly=True)  # verifying changes nothing in the file
    try:
        rep.missing_triggers = list(log.missing_triggers)
        if not _head(log, rep, progress, anchors):
            return rep
        first = next(iter(log.rows(1, 1)), None)
        if first is None or first[2] != "GameCreated":
            rep.ok, rep.stage, rep.first_bad_seq = False, "setup", 1
            rep.problem = ("the log holds no events: no game was ever set up in it" if first is None
                           else f"seq 1 is {first[2]}, not GameCreated: the log does not begin with a game's setup")
            return rep
    finally:
        log.close()
    try:
        game = Game.open(path, seed_file=seed_file, synchronous=synchronous, readonly=True,
                         secret_files=secret_files)
    except (SchemaError, msgspec.DecodeError, msgspec.ValidationError, TypeError, KeyError, AttributeError) as err:
        rep.ok, rep.stage = False, "schema"
        rep.first_bad_seq, rep.problem = _first_unreadable(path, err)
        return rep
    with game:
        return verify(game, progress, head=rep)


def _first_unreadable(path, err: Exception) -> tuple[int | None, str]:
    """The first row this code cannot decode, or the replay error when every row decodes."""
    log = EventLog(path, readonly=True)
    try:
        for seq, _cid, type_, version, data, _a in log.rows():
            try:
                decode(type_, version, data)
            except (SchemaError, msgspec.DecodeError, msgspec.ValidationError) as bad:
                return seq, f"seq {seq}: {type_} v{version} cannot be read ({bad})"
    finally:
        log.close()
    return None, f"the log does not replay: {type(err).__name__}: {err}"


def verify(game: Game, progress=None, *, head: Report | None = None) -> Report:
    """Run every check; ``progress(done, total)`` (a Progress, say) is told how far each stage got."""
    rep = head
    if rep is None:
        rep = Report()
        if not _head(game.log, rep, progress):
            return rep
    log = game.log
    try:
        first = next(iter(log.rows(1, 1)), None)
        if first is not None:
            rep.name = getattr(decode(first[2], first[3], first[4]), "name", "")
        _stage(progress, "verify: dice")
        _dice(game, rep)
        if rep.problem:
            rep.stage = "dice"
        elif first is not None and _tables(decode(first[2], first[3], first[4]), rep):
            rep.stage = "tables"
        _stage(progress, "verify: commands")
        executed = _commands(game, rep, progress)
        if rep.discrepancy is None:
            _stage(progress, "verify: replay")
            from .progress import replay
            again = replay(game, use_snapshots=False, progress=progress)
            rep.replay_equal = again == game.at() and executed == again
        elif not rep.stage:
            rep.stage = "commands"
    except SchemaError as err:
        rep.problem = str(err)
        rep.stage = rep.stage or "schema"
    rep.ok = (not rep.problem and not rep.rolls_unchecked and rep.discrepancy is None and bool(rep.replay_equal))
    if rep.replay_equal is False and not rep.stage:
        rep.stage = "replay"
    if rep.rolls_unchecked and not rep.problem:
        rep.problem = "seeded rolls cannot be checked until the seed is revealed"
        rep.stage = rep.stage or "dice"
    return rep


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
    seed, commitment, die = None, "", None
    rolls: list[tuple[int, DieRolled]] = []
    for seq, _cid, ev, _a in game.rows():
        if seq == 1:
            commitment, die = ev.seed_sha256, ev.die
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
        elif D.face(seed, r.key, die) != r.value:
            rep.problem = rep.problem or f"seq {seq}: roll {r.key} = {r.value} but the seed gives {D.face(seed, r.key, die)}"
            rep.first_bad_seq = rep.first_bad_seq or seq
            check = "mismatch"
        else:
            rep.rolls_derived += 1
            check = "derived"
        rep.rolls.append(Roll(seq=seq, key=r.key, value=r.value, check=check))


CHECK_EVERY = 250  # events between verify's own checkpoints of the re-executed board


class _Rewind:
    """Verify's own checkpoints, so an undo costs what folds back from the last one: linear overall.

    An undo takes back the latest command still in effect, so every checkpoint taken before that
    command's first seq holds no event an undo has since removed; those after it are dropped. The
    board after the undo is the newest checkpoint left, with the live rows since folded onto it.
    (Game.at would validate snapshots against every undone command on each call: quadratic.)
    """

    def __init__(self, game: Game):
        self.log = game.log
        self.marks: list[tuple[int, bytes | None]] = [(0, None)]  # (seq, dumped board); None = empty board
        self.undone: set[int] = set()  # the commands undone so far

    def keep(self, state: GameState) -> None:
        if state.seq - self.marks[-1][0] >= CHECK_EVERY:
            self.marks.append((state.seq, dump(state)))

    def undo(self, command: tuple, upto: int) -> GameState:
        """The board after undoing ``command`` (its row), as of seq ``upto`` (the undo's last row)."""
        self.undone.add(command[0])
        while self.marks[-1][0] >= command[5]:
            self.marks.pop()
        seq, data = self.marks[-1]
        state = GameState() if data is None else load(data)
        # One read from the checkpoint on, the undone commands' rows skipped as they pass.
        return F.fold(state, self.log.rows(seq + 1, upto), self.undone)


def _commands(game: Game, rep: Report, progress=None) -> GameState | None:
    """Re-execute every command on the board of its time; stop at the first difference.

    Also checks that the commands' spans tile the log (no event outside a
    command) and that no undo took back a die roll without a referee. Returns
    the board the re-execution ends with, or None after a discrepancy. Linear in
    the log's length whatever the mix of commands (undos rewind to _Rewind's checkpoints).
    """
    from turnlog.projections.narrative import line
    state = GameState()
    commands = game.log.commands()
    by_id = {row[0]: row for row in commands}
    rewind = _Rewind(game)
    expect = 1
    for i, (cid, _actor, ctype, payload, _ts, first, last) in enumerate(commands):
        if progress:
            progress(i + 1, len(commands))
        if first != expect:
            rep.discrepancy = Discrepancy(seq=min(first, expect), command_id=cid, command=payload, rule="log",
                                          message=f"command {cid} starts at seq {first} but the previous one ended at "
                                                  f"seq {expect - 1}: events outside any command, or two commands overlap")
            return None
        expect = last + 1
        logged = list(game.log.rows(first, last))
        if len(logged) != last - first + 1:
            missing = next((s for s, r in zip(range(first, last + 1), logged) if r[0] != s), first + len(logged))
            rep.discrepancy = Discrepancy(seq=missing, command_id=cid, command=payload, rule="log",
                                          message=f"command {cid} recorded events {first}-{last}, but seq {missing} "
                                                  "is not in the log (cut or deleted)")
            return None
        seat = S.verify_row(state, by_id[cid], logged, by_id.get)
        if seat is not None:  # issue 13: a seated game's command from someone not holding its seat
            rep.stage = rep.stage or "seats"
            rep.discrepancy = Discrepancy(seq=first, command_id=cid, command=payload, rule=seat.rule,
                                          message=f"issued out of turn by {_actor or '(no actor named)'}: {seat.message}")
            return None
        if ctype in ("LoadScenario", "RevealSeed"):
            # Setup has no command to re-run; a revealed seed was checked against its commitment above.
            F.fold(state, logged)
            rewind.keep(state)
            continue
        if ctype == "Undo":
            bad, targets = _undo_problem(game, logged, by_id)
            if bad:
                rep.discrepancy = Discrepancy(seq=first, command_id=cid, command=payload, rule="undo.dice-barrier",
                                              message=bad)
                return None
            if any(msgspec.json.decode(r[4]).get("override") for r in logged):
                rep.overrides.append(first)
            for target in targets:
                state = rewind.undo(target, last)
            rewind.keep(state)
            continue
        if ctype == "Redo":
            payload = msgspec.json.encode(msgspec.json.decode(payload)["command"]).decode()
        try:
            command = c.parse(payload)
            events = [decode(r[2], r[3], r[4]) for r in logged]
            rolls = [e for e in events if isinstance(e, DieRolled)]
            kind_events = game.decide(state, command, _LoggedDice(state.die, rolls))
            done = settle(state, kind_events)
        except (RuleViolation, CommandError) as err:
            rep.discrepancy = Discrepancy(seq=first, command_id=cid, command=payload,
                                          rule=getattr(err, "rule", ""), message=getattr(err, "message", str(err)))
            return None
        again = [(encode(e), a) for e, a in done]
        were = [(encode(e), bool(r[5])) for e, r in zip(events, logged)]
        if again != were:
            j = next((j for j, (x, y) in enumerate(zip(again, were)) if x != y), min(len(again), len(were)))
            rep.discrepancy = Discrepancy(
                seq=first + j, command_id=cid, command=payload,
                message="re-executing the command gives different events than were logged",
                logged=line(events[j]) if j < len(events) else "(no event: the log ends the command here)",
                again=line(done[j][0]) if j < len(done) else "(no event: re-execution ends the command here)")
            return None
        state.seq = last
        rep.commands_checked += 1
        rewind.keep(state)
    if expect - 1 != rep.events and commands:
        rep.discrepancy = Discrepancy(seq=min(expect, rep.events), command_id=commands[-1][0], command=commands[-1][3],
                                      rule="log", message=f"the commands table covers seq 1..{expect - 1} but the "
                                                          f"log holds {rep.events} events")
        return None
    return state


def _undo_problem(game: Game, logged, by_id: dict[int, tuple]) -> tuple[str, list[tuple]]:
    """Why a logged undo could not have been accepted (a roll taken back without a referee), or '';
    and the command rows it undoes."""
    targets = []
    for r in logged:
        ev = decode(r[2], r[3], r[4])
        target = by_id.get(ev.command_id)
        if target is None:
            return f"undoes command {ev.command_id}, which is not in the log", targets
        rolled = any(t == "DieRolled" for _s, _c, t, *_x in game.log.rows(target[5], target[6]))
        if rolled and not (ev.override and ev.referee):
            return (f"undoes command {ev.command_id} ({target[2]}), which rolled a die, without a referee's "
                    "override"), targets
        targets.append(target)
    return "", targets


# -- the report a player reads -------------------------------------------------

def _seqs(seqs: list[int], n: int = 12) -> str:
    shown = ", ".join(map(str, seqs[:n]))
    return shown + (f" and {len(seqs) - n} more" if len(seqs) > n else "")


_SEED = {"revealed": "the seed revealed in the log", "sidecar": "the seed kept beside the file (not yet revealed)"}
_PUBLIC = "the dice seed is PUBLIC (given by hand or published): anyone could predict every roll"


def text(rep: Report, path: str = "") -> str:
    """The report as lines a player reads: one line per check, the first discrepancy named, then the verdict."""
    title = f"verify {path}" if path else "verify"
    if rep.name:
        title += f" — '{rep.name}'"
    lines = [f"{title}: {rep.events} events, {rep.commands} commands"
             + (f" (log format {rep.log_format})" if rep.log_format else "")]
    if rep.integrity and rep.integrity != "ok":
        lines.append(f"  file      the SQLite file is damaged: {rep.integrity}")
    if rep.missing_triggers:
        lines.append(f"  file      lacks its append-only trigger{'s' if len(rep.missing_triggers) > 1 else ''} "
                     f"({', '.join(rep.missing_triggers)}): dropped by hand, or an old file; the chain below still "
                     "checks every row")
    if rep.stage == "setup":
        lines.append(f"  setup     {rep.problem}")
        lines.append("NOT VERIFIED: not a game's log")
        return "\n".join(lines)
    if rep.stage == "anchor":
        lines.append(f"  chain     intact up to seq {rep.chain_ok_upto}: every row's hash links to the one before")
        lines.append(f"  anchor    FAILED at seq {rep.first_bad_seq}: {rep.problem}")
        lines.append("            (the dice, commands and replay are checked only on a log that keeps its anchors)")
        lines.append(f"NOT VERIFIED: the log was altered at or before seq {rep.first_bad_seq}")
        return "\n".join(lines)
    if rep.stage in ("integrity", "chain"):
        if rep.first_bad_seq is not None:
            lines.append(f"  chain     BROKEN at seq {rep.first_bad_seq}: {rep.problem}; "
                         f"intact up to seq {rep.chain_ok_upto}")
        lines.append("            (the dice, commands and replay are checked only on an intact chain)")
        lines.append(f"NOT VERIFIED: the log was altered at seq {rep.first_bad_seq}" if rep.first_bad_seq is not None
                     else "NOT VERIFIED: the file is damaged")
        return "\n".join(lines)
    lines.append(f"  chain     intact up to seq {rep.chain_ok_upto}: every row's hash links to the one before")
    if rep.anchors:
        lines.append(f"  anchor    {', '.join(rep.anchors)}: the file still holds {'them' if len(rep.anchors) > 1 else 'it'}")
    if rep.head:
        lines.append(f"  head      {rep.head} (keep it; `verify --anchor {rep.head}` later shows nothing was "
                     f"cut or rewritten)")
    lines += _dice_lines(rep)
    if rep.tables:
        lines += [f"  table     {t}" for t in rep.tables]
        if rep.stage == "tables":
            lines.append(f"            FAILED: {rep.problem}")
    d = rep.discrepancy
    if d is not None:
        lines.append(f"  commands  FIRST DISCREPANCY at seq {d.seq}, command c{d.command_id} {_cmd(d.command)}")
        if d.rule:
            lines.append(f"            refused by rule {d.rule}: {d.message}")
        else:
            lines.append(f"            {d.message}")
        if d.logged or d.again:
            lines.append(f"            logged:       {d.logged}")
            lines.append(f"            re-execution: {d.again}")
        if rep.commands_checked:
            lines.append(f"            ({rep.commands_checked} commands before it re-executed identically)")
    else:
        others = rep.commands - rep.commands_checked
        lines.append(f"  commands  {rep.commands_checked} re-executed on the board of their time: all legal, "
                     f"the same events as logged" + (f" ({others} more set up, undo or reveal: nothing to re-run)"
                                                     if others else ""))
        if rep.overrides:
            lines.append(f"            a referee overrode the dice barrier to undo at seq {_seqs(rep.overrides)}")
        if rep.replay_equal is not None:
            lines.append("  replay    a replay from zero gives the live board" if rep.replay_equal
                         else "  replay    a replay from zero DIFFERS from the live board")
    if rep.problem and rep.stage == "schema":
        lines.append(f"  log       {rep.problem}")
    if rep.ok:
        lines.append("VERIFIED" + (f" (but {_PUBLIC})" if rep.seed_public is True else ""))
    else:
        first = d.seq if d is not None else rep.first_bad_seq
        why = {"dice": "a roll cannot be confirmed", "commands": "a command does not re-execute as logged",
               "replay": "the replay differs", "schema": "the log cannot be read",
               "seats": "a command was issued out of turn"}.get(rep.stage, rep.problem)
        lines.append(f"NOT VERIFIED: {why}" + (f" (first at seq {first})" if first is not None else ""))
    return "\n".join(lines)


def _dice_lines(rep: Report) -> list[str]:
    if rep.joint is not msgspec.UNSET:
        return JV.lines(rep)
    out = _seed_lines(rep)
    if rep.seed_public is True:
        out.insert(1, f"            {_PUBLIC}")
    return out


def _seed_lines(rep: Report) -> list[str]:
    n = len(rep.rolls) or rep.rolls_derived + len(rep.rolls_entered) + len(rep.rolls_unchecked)
    if not n:
        return ["  dice      no die was rolled"]
    out = [f"  dice      {n} roll{'s' if n != 1 else ''}: {rep.rolls_derived} re-derived from "
           f"{_SEED.get(rep.seed, 'the seed')}, {len(rep.rolls_entered)} entered by hand"
           + (f" (seq {_seqs(rep.rolls_entered)})" if rep.rolls_entered else "")]
    bad = [r for r in rep.rolls if r.check == "mismatch"]
    for r in bad[:3]:
        out.append(f"            seq {r.seq}: {r.key} = {r.value}, but the seed gives another face")
    if rep.problem and rep.stage == "dice" and not bad and not rep.rolls_unchecked:
        out.append(f"            {rep.problem}")
    if rep.rolls_unchecked:
        out.append(f"            {len(rep.rolls_unchecked)} not checkable: the seed is neither revealed in the log nor "
                   f"beside the file (seq {_seqs(rep.rolls_unchecked)}); `turnlog reveal` appends it")
    return out


def _cmd(payload: str) -> str:
    try:
        d = msgspec.json.decode(payload)
    except msgspec.DecodeError:
        return payload
    t = d.pop("type", "?") if isinstance(d, dict) else "?"
    return f"{t} {msgspec.json.encode(d).decode()}" if d else t
