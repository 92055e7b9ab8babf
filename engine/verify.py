"""Verify a disputed game: the chain, every die, every command, the replay.

1. the hash chain and gapless seq, naming the first bad row;
2. in a signed game, every command's signature under its actor's key (engine/signatures.py);
   every seeded roll re-derived from the seed (revealed in the log, or this
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
from turnlog.events.store import open_log
from turnlog.projections import fold as F
from turnlog.projections.narrative import line, shown
from turnlog.projections.state import GameState

from . import anchor as A
from . import commands as c
from . import dice as D
from . import joint_verify as JV
from . import seats as S
from . import signatures as SG
from .errors import CommandError, RuleViolation, ScenarioError
from .game import Game, settle
from .hexgrid import share
from .search import copy_state
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
    keys: list[str] | msgspec.UnsetType = msgspec.UNSET         # a signed game's "ACTOR KEY", to compare out of band
    signatures_checked: int | msgspec.UnsetType = msgspec.UNSET  # a signed game's commands whose signature verified


class _LoggedDice(D.Dice):
    """Serves the rolls and draws the command logged, in order, so re-execution sees the same dice.

    A roll served must have the key, the dice name and the draw range the re-executed decider asks for.
    """

    def __init__(self, state, rolls: list[DieRolled]):
        super().__init__(None, state.die, named=state.dice)
        self.rolls = list(rolls)

    def roll(self, key: str, procedure: str = "", rule: str = "", *, dice: str = "", slot: str = "") -> DieRolled:
        self.spec(dice, rule)
        return self._next(key, dice, 0)

    def draw(self, key: str, n: int, procedure: str = "", rule: str = "", *, slot: str = "") -> DieRolled:
        return self._next(key, "", n)

    def _next(self, key: str, dice: str, of: int) -> DieRolled:
        what = f"draws {key} of {of}" if of else f"rolls {key}" + (f" with dice {dice!r}" if dice else "")
        if not self.rolls:
            raise RuleViolation("verify", f"re-execution {what} but the log holds no roll for it")
        r = self.rolls.pop(0)
        if (r.key, r.dice, r.of) != (key, dice, of):
            logged = f"drew {r.key} of {r.of}" if r.of else f"rolled {r.key}" + (f" with dice {r.dice!r}" if r.dice else "")
            raise RuleViolation("verify", f"re-execution {what} but the log {logged}")
        return r


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


def verify_path(path, *, seed_file=None, synchronous: str = "FULL", progress=None,
                anchors: Sequence[A.Anchor] = (), secret_files=None) -> Report:
    """Verify a game file: the chain first, on the raw log, before any replay can stumble on a bad row.

    ``anchors`` are (seq, hash prefix) pairs kept from an earlier verify (engine/anchor.py).
    """
    rep = Report()
    log = open_log(path, synchronous=synchronous, readonly=True)  # verifying changes nothing in the file
    try:
        rep.missing_triggers = list(log.missing_triggers)
        commands = _head(log, rep, progress, anchors)
        if commands is None:
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
        return verify(game, progress, head=rep, commands=commands)


def _first_unreadable(path, err: Exception) -> tuple[int | None, str]:
    """The first row this code cannot decode, or the replay error when every row decodes."""
    log = open_log(path, readonly=True)
    try:
        for seq, _cid, type_, version, data, _a in log.rows():
            try:
                decode(type_, version, data)
            except (SchemaError, msgspec.DecodeError, msgspec.ValidationError) as bad:
                return seq, f"seq {seq}: {type_} v{version} cannot be read ({bad})"
    finally:
        log.close()
    return None, f"the log does not replay: {type(err).__name__}: {err}"


def verify(game: Game, progress=None, *, head: Report | None = None, commands: list[tuple] | None = None) -> Report:
    """Run every check; ``progress(done, total)`` (a Progress, say) is told how far each stage got.

    ``head``: the report of _head already run on the same file, with its ``commands`` (the log's command rows).
    """
    rep = head
    if rep is None:
        rep = Report()
        commands = _head(game.log, rep, progress)
        if commands is None:
            return rep
    log = game.log
    try:
        first = next(iter(log.rows(1, 1)), None)
        if first is not None:
            rep.name = getattr(decode(first[2], first[3], first[4]), "name", "")
        _stage(progress, "verify: signatures")
        forged = _signatures(game, rep)
        _stage(progress, "verify: dice")
        _dice(game, rep)
        if rep.problem:
            rep.stage = "dice"
        elif first is not None and _tables(decode(first[2], first[3], first[4]), rep):
            rep.stage = "tables"
        elif forged is not None:
            rep.stage, (rep.first_bad_seq, rep.problem) = "signatures", forged
        _stage(progress, "verify: commands")
        executed = _commands(game, rep, progress, commands)
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


def _signatures(game: Game, rep: Report) -> tuple[int | None, str] | None:
    """A signed game's first missing or forged signature as (seq, why), or (None, why) when they cannot be
    checked here (the optional extra is missing); None when all verify or the game is not signed.

    The keys are the ones recorded at creation, and go in the report to compare with the players' own.
    """
    keys = game.state.seats.keys
    if not keys:
        return None
    rep.keys = SG.fingerprints(keys)
    if game.log.format < 4:
        rep.signatures_checked = 0
        return 1, f"seq 1: the game registers keys but its log (format {game.log.format}) holds no signatures"
    try:
        done, bad, why = SG.check_log(game.log.command_signatures(), keys)
    except SG.Unavailable as err:
        rep.signatures_checked = 0
        return None, f"the signatures cannot be checked here: {err}"
    rep.signatures_checked = done
    return None if bad is None else (bad, f"seq {bad}: {why}")


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
        # (seq, board, taken after an undo); None = the empty board. A board is a copy_state copy, which
        # shares what no event changes in place: a tenth of a dump's cost, and a load's.
        self.marks: list[tuple[int, GameState | None, bool]] = [(0, None, False)]
        self.undone: set[int] = set()  # the commands undone so far
        self.recent: list[tuple] = []  # the log's rows since the newest mark, as the commands stage passed them
        self._rolled: set[int] | None = None

    def passed(self, rows: list[tuple]) -> None:
        """Hold a command's rows until the next mark: an undo folds them from memory, not from a new read."""
        self.recent += rows

    def keep(self, state: GameState, *, undone: bool = False) -> None:
        """Checkpoint every CHECK_EVERY events, and after an undo (``undone``).

        After an undo, so that undoing the next command (a redo, in a run of undo/redo cycles) folds
        from here, not from up to CHECK_EVERY events back; such a mark replaces the previous one when
        nothing else came between, so they add one checkpoint, not one per undo.
        """
        if undone:
            if self.marks[-1][2]:
                self.marks.pop()
            self.marks.append((state.seq, copy_state(state), True))
            self.recent = []
        elif state.seq - self.marks[-1][0] >= CHECK_EVERY:
            self.marks.append((state.seq, copy_state(state), False))
            self.recent = []

    def undo(self, command: tuple, upto: int, board: GameState) -> GameState:
        """The board after undoing ``command`` (its row), as of seq ``upto`` (the undo's last row).

        ``board`` is the board before the undo: the map's grid cached on it is kept (the same setup).
        """
        self.undone.add(command[0])
        while self.marks[-1][0] >= command[5]:
            self.marks.pop()
        seq, mark, after_undo = self.marks[-1]
        if after_undo:  # the mark of the previous undo: keep(undone=True) replaces it next, so take it, no copy
            self.marks.pop()
            state = mark
        else:
            state = share(board, GameState()) if mark is None else copy_state(mark)  # the mark stays as it was
        # The rows from the checkpoint on (held if it is the newest, else one read), undone commands' skipped.
        held = self.recent and self.recent[0][0] == seq + 1 and self.recent[-1][0] == upto
        return F.fold(state, self.recent if held else self.log.rows(seq + 1, upto), self.undone)

    def rolled(self, cid: int) -> bool:
        """Whether command ``cid`` rolled a die (the log's rolls read once, at the first undo)."""
        if self._rolled is None:
            self._rolled = {r[1] for r in self.log.rows_of_type("DieRolled")}
        return cid in self._rolled


def _commands(game: Game, rep: Report, progress=None, commands: list[tuple] | None = None) -> GameState | None:
    """Re-execute every command on the board of its time; stop at the first difference.

    Also checks that the commands' spans tile the log (no event outside a
    command) and that no undo took back a die roll without a referee. Returns
    the board the re-execution ends with, or None after a discrepancy. Linear in
    the log's length whatever the mix of commands (undos rewind to _Rewind's checkpoints):
    the events are read in one pass, not one statement a command.
    """
    state = GameState()
    commands = game.log.commands() if commands is None else commands
    by_id = {row[0]: row for row in commands}
    rewind = _Rewind(game)
    rows = _Spans(game.log.rows())
    expect, total = 1, len(commands)
    for i, row in enumerate(commands):
        cid, _actor, ctype, payload, _ts, first, last = row
        if progress:
            progress(i + 1, total)
        if first != expect:
            rep.discrepancy = Discrepancy(seq=min(first, expect), command_id=cid, command=payload, rule="log",
                                          message=f"command {cid} starts at seq {first} but the previous one ended at "
                                                  f"seq {expect - 1}: events outside any command, or two commands overlap")
            return None
        expect = last + 1
        logged = rows.take(first, last)
        rewind.passed(logged)
        if len(logged) != last - first + 1:
            missing = next((s for s, r in zip(range(first, last + 1), logged) if r[0] != s), first + len(logged))
            rep.discrepancy = Discrepancy(seq=missing, command_id=cid, command=payload, rule="log",
                                          message=f"command {cid} recorded events {first}-{last}, but seq {missing} "
                                                  "is not in the log (cut or deleted)")
            return None
        seat = S.verify_row(state, row, logged, by_id.get)
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
            bad, targets = _undo_problem(logged, by_id, rewind.rolled)
            if bad:
                rep.discrepancy = Discrepancy(seq=first, command_id=cid, command=payload, rule="undo.dice-barrier",
                                              message=bad)
                return None
            if any(msgspec.json.decode(r[4]).get("override") for r in logged):
                rep.overrides.append(first)
            for target in targets:
                state = rewind.undo(target, last, state)
            rewind.keep(state, undone=True)
            continue
        if ctype == "Redo":
            payload = msgspec.json.encode(msgspec.json.decode(payload)["command"]).decode()
        try:
            command = c.parse(payload)
            rolls = [decode(r[2], r[3], r[4]) for r in logged if r[2] == "DieRolled"]
            done = settle(state, game.decide(state, command, _LoggedDice(state, rolls)))
        except (RuleViolation, CommandError) as err:
            rep.discrepancy = Discrepancy(seq=first, command_id=cid, command=payload,
                                          rule=getattr(err, "rule", ""), message=getattr(err, "message", str(err)))
            return None
        if not _same(done, logged):
            rep.discrepancy = _difference(done, logged, cid, first, payload)
            if rep.discrepancy is not None:
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


class _Spans:
    """The log's rows read once, in seq order, handed out a command's span at a time."""

    def __init__(self, rows):
        self.rows, self.next = iter(rows), None

    def take(self, first: int, last: int) -> list[tuple]:
        """The rows with seq first..last (fewer when some are missing); rows before ``first`` are passed over."""
        out, row = [], self.next
        if row is None:
            row = next(self.rows, None)
        while row is not None and row[0] <= last:
            if row[0] >= first:
                out.append(row)
            row = next(self.rows, None)
        self.next = row
        return out


def _same(done: list[tuple[object, bool]], logged: list[tuple]) -> bool:
    """Whether the re-executed events are the logged rows byte for byte: type, current version, data, flag.

    A logged row of an older version is upcast and compared by _difference instead.
    """
    if len(done) != len(logged):
        return False
    for (e, auto), r in zip(done, logged):
        name = type(e).__name__
        if r[2] != name or r[3] != e.version or bool(r[5]) != auto or encode(e).decode() != r[4]:
            return False
    return True


def _difference(done: list[tuple[object, bool]], logged: list[tuple], cid: int, first: int,
                payload: str) -> Discrepancy | None:
    """The first re-executed event that differs from the logged one once decoded and encoded again, or None."""
    events = [decode(r[2], r[3], r[4]) for r in logged]
    again = [(encode(e), a) for e, a in done]
    were = [(encode(e), bool(r[5])) for e, r in zip(events, logged)]
    if again == were:
        return None
    j = next((j for j, (x, y) in enumerate(zip(again, were)) if x != y), min(len(again), len(were)))
    return Discrepancy(
        seq=first + j, command_id=cid, command=payload,
        message="re-executing the command gives different events than were logged",
        logged=line(events[j]) if j < len(events) else "(no event: the log ends the command here)",
        again=line(done[j][0]) if j < len(done) else "(no event: re-execution ends the command here)")


def _undo_problem(logged, by_id: dict[int, tuple], rolled) -> tuple[str, list[tuple]]:
    """Why a logged undo could not have been accepted (a roll taken back without a referee), or '';
    and the command rows it undoes. ``rolled(command id)``: whether that command rolled a die."""
    targets = []
    for r in logged:
        ev = decode(r[2], r[3], r[4])
        target = by_id.get(ev.command_id)
        if target is None:
            return f"undoes command {ev.command_id}, which is not in the log", targets
        if rolled(target[0]) and not (ev.override and ev.referee):
            return (f"undoes command {ev.command_id} ({target[2]}), which rolled a die, without a referee's "
                    "override"), targets
        targets.append(target)
    return "", targets
