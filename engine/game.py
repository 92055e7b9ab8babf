"""The Game facade: create/open a game, execute commands, undo, redo, time travel.

Flow: command -> its kind decides (pure) -> events applied to the live
state, automatic consequences queued -> one append transaction. If anything
after the decision fails, the live state is rebuilt from the log, so the live
state never runs ahead of what was committed.
"""
from __future__ import annotations

import sqlite3
from collections import deque
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from turnlog.events.base import Event
from turnlog.events.codec import decode, encode
from turnlog.events.game import DieRolled
from turnlog.events.log import FORMAT, SIGNED, EventLog, LogError
from turnlog.events.store import is_url, open_log
from turnlog.projections import fold as F
from turnlog.projections.state import GameState

from . import claims as CL
from . import due as DUE
from . import commands as c
from . import dice as D
from . import gamefiles as GF
from . import identity as ID
from . import joint as J
from .errors import CommandError, RuleViolation, ScenarioError
from . import kinds as K
from . import seats as S
from . import signatures as SG
from . import undo as U
from . import turn as T
from .game_time import TimeTravel

if TYPE_CHECKING:
    from .scenario import Scenario

SNAPSHOT_EVERY = 250
REACTION_LIMIT = 10_000


class Game(TimeTravel):
    """One game: its log, its live state, and the seed (or joint-dice secrets) this process holds."""

    # why the seed sidecar was not used (unreadable, not hex, not this game's); "" if fine
    seed_problem = ""
    # A signed game's private keys this process holds, by actor: used when a command is given no
    # signer.
    signers: dict[str, SG.Signer]

    def __init__(self, log: EventLog, seed: bytes | None, progress=None,
                 secrets: dict[str, bytes] | None = None, *, setup: bool = True,
                 board: bool = True):
        self.log = log
        self.seed = seed
        self.secrets = dict(secrets or {})  # joint dice (engine/joint.py): holder -> secret
        self.signers = {}
        self.forged_snapshots: list[int] = []  # snapshots found forged (engine/game_time.py)
        self._issued: dict[int, frozenset[str]] = {}  # command id -> its issuers (seats.issuers)
        if setup:
            GF.require_setup(log)
        K.load_for_log(log)  # the kinds its GameCreated names, before their events are decoded
        # A long replay shows a progress line on a terminal (engine/progress.py); the result is the
        # same. ``board`` False: only the setup's board (verify of a log that does not fold names
        # why).
        if board:
            self.state = self.at(progress=progress)
        else:  # the setup's own span: the first command's (every command read, only here)
            self.state = self.at(next(iter(log.commands()), (0,) * 7)[6])
        self._snap_seq = self.state.seq
        # the seq up to which this writer knows the tail verifies
        self._tail_ok = -1 if setup else 0

    # -- lifecycle -----------------------------------------------------------

    @classmethod
    def create(cls, path: str | Path, scenario: Scenario, *, seed: bytes | None = None,
               seed_file: str | Path | None = None, synchronous: str = "FULL", actor: str = "",
               log_format: int | None = None, public_seed: bool = False,
               joint: dict[str, bytes | str | dict] | None = None,
               seats=None, joint_hmac: bool = False) -> "Game":
        """Write a new game file whose first events are the scenario's setup; all or nothing.

        The game is built under a temporary name beside ``path``; the seed sidecar is written and
        synced first; the file takes its name (a hard link: never over another file) only when
        complete. A kill at any point leaves no game at ``path``, or a whole one with its seed.
        ``log_format`` exists so that older formats stay tested; new games use the current one, and
        a signed game (seats with keys, engine/signatures.py) log format 4, the one that stores
        signatures. ``public_seed`` marks the seed as known to others (a test or demo game).
        ``joint`` makes joint dice instead of a seed: holder -> its key (engine/joint_keys.py
        new_key, DER bytes), or the record of a key it keeps elsewhere (joint_keys.record: public
        key and proof); no seed file is written (engine/faces/cli/dice.py create_joint_game writes
        the keys' files). ``joint_hmac`` makes instead the HMAC shares of games created before
        (holder -> a secret, or its SHA-256), kept for tests of them. ``seats`` (a SeatsSpec, or a
        dict of its fields: ``{"factions": {"AX": "alice"}, "referee": "carol"}``) replaces the
        scenario's seats (engine/seats.py); none is a hot-seat game.
        """
        from .scenario import setup_events  # the parser: creating a game, not every command
        if seats is not None:
            scenario = S.seat_scenario(scenario, seats)
        scenario = msgspec.structs.replace(scenario, seats=CL.defaults(scenario.seats))
        signed = bool(scenario.seats.keys)
        if log_format is None:
            log_format = SIGNED if signed else FORMAT
        elif signed and log_format < SIGNED:
            raise CommandError(f"log_format: a signed game is stored in log format {SIGNED} (got "
                               f"{log_format})")
        K.load_for(scenario.rules.procedures)
        for i, name in enumerate(scenario.rules.procedures):  # installed, or registered here
            if name not in {k.name for k in K.KINDS} and name not in K.load_all():
                if name in K.BROKEN:
                    raise ScenarioError(f"rules.procedures[{i}]: the kind {name!r} is installed "
                                        f"but failed to load ({K.BROKEN[name]})")
                raise ScenarioError(f"rules.procedures[{i}]: no procedure kind {name!r} is "
                                    "registered (kinds: "
                                    f"{', '.join(k.name for k in K.KINDS if k.name != 'turn')}); a "
                                    "plugin's kind is installed as a turnlog.kinds entry point or "
                                    "registered with turnlog.register_kind before the game is "
                                    "created")
        if scenario.kinds:  # each kind's section, checked by the kind's own Struct
            from .kind_sections import of_scenario
            scenario = of_scenario(scenario, K.KINDS, K.DEFAULT_KINDS)
        seed = seed if seed is not None else D.new_seed()
        if len(seed) < 16:
            raise CommandError("seed: at least 128 bits are needed")
        # a postgresql:// URL names a game in a shared database
        path = path if is_url(path) else Path(path)
        sp = Path(seed_file) if seed_file else D.seed_path(path)

        def fill(tmp: Path) -> None:
            log = open_log(tmp, create=True, synchronous=synchronous, log_format=log_format)
            try:
                game = cls(log, None if joint else seed, secrets=J.held(joint), setup=False)
                payload = msgspec.json.encode({"type": "LoadScenario", "name": scenario.name}).decode()
                created = setup_events(scenario, D.commitment(seed))
                holders = J.commitments(joint, joint_hmac)
                marked = J.mark(created[0], public_seed=public_seed, holders=holders)
                created[0] = ID.with_id(marked)
                game._commit(created, actor, "LoadScenario", payload)
            finally:
                log.close()  # the last connection folds the WAL into the file: one file to move
        GF.build(path, None if joint else sp, seed, fill, "creating")
        return cls(open_log(path, synchronous=synchronous), None if joint else seed,
                   secrets=J.held(joint))

    @classmethod
    def open(cls, path: str | Path, *, seed: bytes | None = None,
             seed_file: str | Path | None = None, synchronous: str = "FULL", progress=None,
             readonly: bool = False, secrets=None,
             secret_files=None, board: bool = True, log=None) -> "Game":
        """Open a game file; ``readonly`` changes nothing in it (verify, and every reading command).

        ``secrets``/``secret_files`` are joint-dice secrets (default: the files beside it).
        ``log``: the game's log already open (verify's, inside its read view), left open on failure.
        """
        given = log is not None
        if log is None:
            log = open_log(path, synchronous=synchronous, readonly=readonly)
        explicit = seed is not None
        sp = Path(seed_file) if seed_file else D.seed_path(path)
        problem = ""
        if seed is None:
            seed, problem = GF.sidecar_seed(sp)
        try:
            game = cls(log, seed, progress, board=board)
            if seed is not None and game.state.seed_sha256 and D.commitment(seed) != game.state.seed_sha256:
                if explicit:
                    raise CommandError("seed: it does not match the commitment in this game's log")
                # a stale sidecar: never roll (or reveal) a seed the log did not commit to
                game.seed = None
                problem = (f"{sp}: this seed does not match the commitment in the game's log "
                           "(another game's seed?); reading works, rolls from the seed and reveal "
                           "are refused")
            game.seed_problem = problem
            game.secrets = J.load(path, game.state, secret_files, secrets)
        except BaseException:
            if not given:
                log.close()
            raise
        return game

    def close(self) -> None:
        self.log.close()

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- commands ------------------------------------------------------------

    def execute(self, command: c.Command | str | dict, *, actor: str = "",
                signer: SG.Signer | None = None) -> list[tuple[int, object]]:
        """Run one command through the rules; return the appended (seq, event) pairs.

        In a signed game the command is signed by ``signer`` (default: ``signers[actor]``), which
        must hold ``actor``'s registered key; the seat check comes first (a signature makes no
        command legal).
        """
        cmd = as_command(command)
        if isinstance(cmd, c.Undo):
            return self.undo(override=cmd.override, referee=cmd.referee, reason=cmd.reason,
                             actor=actor, signer=signer)
        if isinstance(cmd, c.Redo):
            return self.redo(actor=actor, signer=signer)
        if isinstance(cmd, c.ForkGame):
            ID.refuse_played()
        cmd = CL.as_claim(self.state, cmd, actor, T.reports)
        if S.seated(self.state):  # a hot-seat game is never checked
            S.check(self.state, cmd, actor)
        signer = self._signer(actor, signer)
        events = self.decide(self.state, cmd)
        return self._commit(events, actor, type(cmd).__name__, c.encode(cmd).decode(), signer)

    def _signer(self, actor: str, signer: SG.Signer | None) -> SG.Signer | None:
        """Who signs ``actor``'s command in a signed game (refused by rule if no one can), None otherwise."""
        return SG.signer_for(self.state.seats.keys, actor, signer or self.signers.get(actor))

    def decide(self, state: GameState, command: c.Command | str | dict,
               dice: D.Dice | None = None) -> list:
        """Events the rules give for ``command`` on ``state``, without writing.

        ``command`` is what ``execute`` takes: a Struct, a dict (``Choice.example()``) or a JSON line,
        checked the same way. ``dice`` defaults to this game's committed seed (or the command's entered
        ``value``); verify passes the rolls the log holds, so re-execution judges exactly what play judged.
        """
        if not isinstance(command, c.Command):
            command = as_command(command)
        if dice is None:
            source = CL.dice_source(state, command)
            dice = CL.after_reveal(state, source) or J.dice_for(state, self.seed,
                                                                self.secrets, source)
            events = K.decide(state, command, dice)
            # a value entered for a slot no roll took is refused: the player meant another roll
            dice.unused()
            return events
        return K.decide(state, command, dice)

    def _commit(self, events: list, actor: str, ctype: str, payload: str,
                signer: SG.Signer | None = None) -> list[tuple[int, object]]:
        state = self.state
        expected = state.seq
        # the log keeps a command on its first event (format 3): one that changes nothing is not one
        if not events:
            raise CommandError(f"{ctype}: changes nothing on the board; nothing recorded")
        try:
            done = settle(state, events)
            rows = [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]
        except BaseException:
            # the events were applied to the live state: rebuild it from the log
            self.state = self.at()
            raise
        seqs = self._write(rows, expected, actor, ctype, payload, signer)
        state.seq = seqs[-1] if seqs else expected
        if state.seq - self._snap_seq >= SNAPSHOT_EVERY:
            try:
                self.snapshot()
            except sqlite3.Error:
                pass  # a cache: the command is committed; the next command tries again

        return [(s, e) for s, (e, _a) in zip(seqs, done)]

    def _write(self, rows: list, expected: int, actor: str, ctype: str, payload: str,
               signer: SG.Signer | None = None) -> list[int]:
        """Append one command's rows; on any failure rebuild the live state from the log, then re-raise.

        Every writing method goes through here, so after a ConcurrencyError (or a full disk) the
        game has reloaded and the caller may simply retry. Before its first append a writer checks
        that the log's tail verifies (never chain onto a cut or hand-edited row).
        """
        try:
            if self._tail_ok != expected:
                bad = self.log.tail_problem()
                if bad is not None:
                    raise LogError(f"{self.log.path}: refusing to append: the log does not verify "
                                   f"at seq {bad[0]} ({bad[1]}); `turnlog verify` reports it, "
                                   "`turnlog fork` can save what is before it")
            _cid, seqs = self.log.append(rows, expected_seq=expected, actor=actor,
                                         command_type=ctype, payload=payload,
                                         sign=SG.signing(signer, actor, ctype, payload,
                                                         self.state.game_id))
        except BaseException:
            self.state = self.at()
            self._tail_ok = -1
            raise
        self._tail_ok = seqs[-1]
        return seqs

    # -- undo / redo ----------------------------------------------------------

    def undo_target(self) -> tuple | None:
        """The latest command still in effect that may be undone, or None (engine/undo.py)."""
        return U.undo_target(self.log.commands_newest_first(), self._undone_ids())

    def undo(self, *, override: bool = False, referee: str = "", reason: str = "", actor: str = "",
             signer: SG.Signer | None = None):
        """Undo the latest command by appending CommandUndone (engine/undo.py's rules)."""
        row = self.undo_target()
        command = c.Undo(override=override, referee=referee, reason=reason)
        roll = ""
        if row is not None:
            rolled = [e for _s, e in self.events(row[5], row[6]) if isinstance(e, DieRolled)]
            roll = f"{rolled[0].key} = {rolled[0].value}" if rolled else ""
        issuers = S.issuers(row, self.log.command, self._issued) if row is not None else set()
        signer = self._signer(actor, signer)  # who asks, before whether they may
        ev = U.decide_undo(self.state, row, issuers, roll, command, actor)
        row_ = [(type(ev).__name__, ev.version, encode(ev).decode(), False)]
        self._write(row_, self.state.seq, actor, "Undo", c.encode(command).decode(), signer)
        self.state = self.at()
        if self.state.seq - self._base_seq >= SNAPSHOT_EVERY:
            # The undo reached back past the newest snapshot (an undo right after a snapshot taken
            # at the end of the command it takes back): without a new one, every later open and time
            # travel would fold from an older snapshot, or from event 1 in a game of many undo/redo
            # cycles.
            self._snapshot_quietly()
        return [(self.state.seq, ev)]

    def redo_target(self) -> tuple | None:
        """The command to re-issue: the latest undo not yet redone, if nothing new came after."""
        def undid(undo: tuple) -> int | None:
            return min(self._undone_between(undo[5] - 1, undo[5]), default=None)
        return U.redo_target(self.log.commands_newest_first(), undid, self.log.command)

    def redo(self, *, actor: str = "", signer: SG.Signer | None = None):
        """Re-issue the most recently undone command through the rules."""
        row = self.redo_target()
        if row is None:
            raise RuleViolation("redo", "nothing to redo")
        U.check_redo(self.state, actor, row, S.issuers(row, self.log.command, self._issued))
        signer = self._signer(actor, signer)
        events = self.decide(self.state, c.parse(U.reissued(row)))
        return self._commit(events, actor, "Redo", U.redo_payload(row), signer)

    # -- reading (time travel, and what is undone as of a seq: engine/game_time.py) ----

    def fork(self, at: int, to: str | Path, *, with_seed: bool = False) -> "Game":
        """Copy this game up to the last whole command at or before ``at`` into a new game file.

        The rows up to the cut are copied verbatim; one ForkGame row after them gives the fork its
        own identity (engine/identity.py), so nothing signed or shared in the fork fits the
        original. The seed (and joint secrets) are copied beside the fork only ``with_seed``: a fork
        is a file to hand on, and whoever holds the seed can compute every roll of the original
        (docs/reliability.md §9). The fork's own rolls derive from its identity either way.
        """
        last = self.log.last()[0]
        if at > last:
            raise CommandError(f"at: seq {at} is past the end of the log (its last seq is {last}); "
                               f"use --at {last} to fork the whole game")
        cut = max((r[6] for r in self.log.commands() if r[6] <= at), default=0)
        if cut == 0:
            raise CommandError(f"at: seq {at} is before the end of the scenario's setup")
        to = to if is_url(to) else Path(to)

        def fill(tmp: Path) -> None:
            # rows copied verbatim
            new = open_log(tmp, create=True, synchronous="FULL", log_format=self.log.format)
            try:
                new.copy_from(self.log, cut)
                state = self.at(cut, use_snapshots=False)
                # A snapshot at the cut, folded from the log (caches are rebuilt, never copied): a
                # fork is opened from there, not replayed from event 1.
                self.save_snapshot(cut, state, new)
                cmd = c.ForkGame(nonce=ID.new_id(), own_dice=True)
                forked = ID.forked(state, cmd.nonce, cmd.own_dice)
                rows = [(type(e).__name__, e.version, encode(e).decode(), False) for e in forked]
                new.append(rows, expected_seq=cut, actor="", command_type="ForkGame",
                           payload=c.encode(cmd).decode())
            finally:
                new.close()
        seed = self.seed if with_seed else None
        secrets = self.secrets if with_seed else {}
        GF.build(to, D.seed_path(to) if seed is not None else None, seed, fill, "forking")
        return Game(open_log(to), seed, secrets=secrets)

    def follow(self, after: int | None = None, *, timeout: float | None = None):
        """Yield (seq, event) for each row committed after seq ``after`` (default: the live board's), as it commits.

        For a spectator or an opponent's server: between commits it blocks in ``log.wait`` (LISTEN/NOTIFY
        on PostgreSQL, data_version polling on SQLite). It ends when ``timeout`` seconds pass with no new
        row (None: never). The live board is not changed: ``at()`` folds whatever seq the follower reached.
        """
        seq = self.state.seq if after is None else after
        while True:
            for row in list(self.log.rows(seq + 1)):
                seq = row[0]
                yield seq, decode(row[2], row[3], row[4])
            if not self.log.wait(seq, timeout):
                return

    def events(self, start: int = 1, stop: int | None = None) -> list[tuple[int, object]]:
        return [(r[0], decode(r[2], r[3], r[4])) for r in self.log.rows(start, stop)]

    def events_of(self, type_: str, upto: int | None = None) -> list[tuple[int, int, Any]]:
        """(seq, command id, event) of every event of one type up to ``upto``, undone or not."""
        return [(s, cid, decode(t, v, d)) for s, cid, t, v, d in self.log.rows_of_type(type_, upto)]

    def rows(self, start: int = 1, stop: int | None = None) -> list[tuple[int, int, Event, bool]]:
        """(seq, command id, event, automatic) for browsing the log."""
        return [(r[0], r[1], decode(r[2], r[3], r[4]), bool(r[5])) for r in self.log.rows(start, stop)]

    def legal(self) -> list:
        """What may be issued now, as kit Choices, from every kind this game uses.

        In a seated game each choice names the ``actors`` the seat check accepts it from (and in
        ``claim`` those for whom it is a claim); while a claim is pending, only what may happen then
        and the answers (engine/due.py).
        """
        return DUE.legal(self.state)

    def due(self) -> DUE.Due:
        """Whose move: who may act now, what is due from each (with the rule), whom the game waits for."""
        return DUE.answer(self.state, self.legal())

def settle(state: GameState, events: list[Event]) -> list[tuple[Event, bool]]:
    """Apply events to ``state`` with their automatic consequences; return all, in order.

    Each applied event is offered to every kind's ``react`` that may
    answer it (kinds.reactors); what they return is queued and marked
    automatic. A guard stops runaway loops. The player's own events come first
    and in order, then the queue of reactions, first answered first applied:
    the order one queue of both gave, without a tuple and a test per event.
    """
    done: list[tuple[Event, bool]] = []
    # hoisted: this runs for every event played
    apply, reactors, add = F.apply, K.reactors, done.append
    queue: deque[Event] | None = None  # made at the first event some kind may answer: most have none
    for ev in events:
        apply(state, ev)
        add((ev, False))
        kinds = reactors(type(ev))
        if kinds:
            if queue is None:
                queue = deque()
            _react(state, ev, kinds, queue)
    if queue is None:
        return done
    automatic = 0
    while queue:
        ev = queue.popleft()
        apply(state, ev)
        add((ev, True))
        automatic += 1
        if automatic > REACTION_LIMIT:  # only reactions can loop; a large setup is not a loop
            raise RuntimeError("automatic consequences did not settle (loop guard)")
        kinds = reactors(type(ev))
        if kinds:
            _react(state, ev, kinds, queue)
    return done


def _react(state: GameState, ev: Event, kinds: tuple, queue: deque[Event]) -> None:
    """Queue the answers to ``ev`` of each of ``kinds`` this game uses (settle's reactions)."""
    for kind in kinds:
        if K.used(state, kind):
            queue.extend(kind.react(state, ev))


def as_command(command) -> c.Command:
    """A checked command: Structs built in Python get the decoder's type checks too."""
    if isinstance(command, c.Command):
        return c.parse(c.encode(command))
    if isinstance(command, dict):
        command = msgspec.json.encode(command)
    return c.parse(command)
