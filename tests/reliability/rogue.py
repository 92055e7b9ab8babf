"""Harness 11, the rogue client: logs a dishonest client appends through the log's own API.

For every command type of every registered kind (tests/reliability/rogue_games.py finds an honest
instance in the bundled demos) each mutator (rogue_mutators.py, rogue_extra.py) writes a rogue
variant on a copy of the honest game, and ``verify`` is asked. A rogue log is *named* when verify
says NOT VERIFIED at a seq from the rogue command's first row to its first changed row (a schema or
cache class, where no row is rogue, is named by NOT VERIFIED alone); *wrong seq* when it says NOT
VERIFIED elsewhere; *missed* when it says VERIFIED (a hole); *raised* when verify crashes. Honest
logs (each demo to its end, an honest undo and redo, a referee's override, signed games, and logs
verified while a live writer appends: rogue_live.py) count the false alarms. SQLite through
EventLog.append; PostgreSQL through the writer role of the throwaway cluster (tests/pg_cluster.py).
"""

from __future__ import annotations

import random
import shutil
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from turnlog.engine import commands as c
from turnlog.engine.errors import RuleViolation
from turnlog.engine.faces.cli_args import DEMOS
from turnlog.engine.game import Game
from turnlog.engine.verify import verify_path
from turnlog.events.store import open_log

from . import rogue_extra as RX
from . import rogue_games as RG
from . import rogue_live as RL
from . import rogue_mutators as RM
from .rogue_report import figures, headline, markdown, write_missed  # noqa: F401  (the runner's)


@dataclass
class Case:
    store: str
    signed: bool
    target: RG.Target
    mutation: str
    mutate: Callable


@dataclass
class Outcome:
    case: Case
    verdict: str  # named, wrong_seq, missed, raised, n/a, harness_error
    what: str = ""
    seq: int | None = None
    expected: tuple = ()
    path: Path | None = None
    said: str = ""  # verify's words when it named a wrong seq

    def line(self) -> str:
        t = self.case.target
        where = f"{self.case.store}{' signed' if self.case.signed else ''}"
        exp = (
            "any seq"
            if not self.expected or self.expected[0] is None
            else f"seq {self.expected[0]}"
            + (f"-{self.expected[1]}" if self.expected[1] != self.expected[0] else "")
        )
        return (
            f"{self.case.mutation} [{t.ctype}] {t.scenario} after {t.at} commands, {where}: "
            f"{self.what} (want {exp}; verify: {self.verdict}"
            + (" at no seq" if self.seq is None else f" at seq {self.seq}")
            + (f": {self.said}" if self.said else "")
            + ")"
        )


def cases(
    targets: list[RG.Target],
    donors: dict,
    store: str,
    signed: bool,
    sample: int | None,
    events: int | None = None,
) -> list[Case]:
    """Every (target, mutator) pair; per-game ones on each scenario's first target; sampled
    event type carried by a reveal and a note; ``sample``: at most that many targets (_sample);
    ``events``: at most that many event types (default: as many as targets, all when every
    target)."""
    chosen = targets if sample is None else _sample(targets, sample)
    out = [
        Case(store, signed, t, name, fn)
        for t in chosen
        for name, fn in {**RM.PER_TARGET, **RX.PER_TARGET}.items()
    ]
    firsts: dict[str, RG.Target] = {}
    for t in chosen:
        firsts.setdefault(t.scenario, t)
    for t in firsts.values():
        out += [
            Case(store, signed, t, name, fn) for name, fn in {**RM.PER_GAME, **RX.PER_GAME}.items()
        ]
    events = events if events is not None else sample
    kept = (
        sorted(donors)
        if events is None
        else sorted(donors)[:: max(1, -(-len(donors) // max(1, events)))]
    )
    for etype in kept:
        scenario, donor = donors[etype]
        t = firsts.get(scenario)
        if t is not None:
            out += [
                Case(store, signed, t, f"{ct}_carries_event", RX.carried(ct, donor))
                for ct in ("RevealSeed", "AddNote")
            ]
    return out


def _sample(targets: list[RG.Target], n: int) -> list[RG.Target]:
    """``n`` targets round-robin over the scenarios, each scenario's script targets first, in play
    order: the first round opens every game, the second reaches the first rolls."""
    by_scenario: dict[str, list[RG.Target]] = defaultdict(list)
    for t in sorted(targets, key=lambda t: (t.source != "script", t.at)):
        by_scenario[t.scenario].append(t)
    out, depth = [], 0
    while len(out) < min(n, len(targets)):
        out += [ts[depth] for ts in by_scenario.values() if depth < len(ts)][: n - len(out)]
        depth += 1
    return out


def pick(targets: list[RG.Target], ctypes: tuple[str, ...]) -> list[RG.Target]:
    """The targets of the command types named (a CI run's small, fixed selection)."""
    return [t for t in targets if t.ctype in ctypes]


class SqliteStore:
    name = "sqlite"

    def __init__(self, work: Path):
        self.work, self.templates = work, RG.Templates(work)

    def open_case(self, n: int, case: Case):
        path = self.work / f"case-{n}.db"
        return self.templates.copy(case.target, case.signed, path), path

    def honest_game(self, n: int, name: str, signed: bool):
        path = self.work / f"honest-{n}.db"
        return RG.create(path, name, signed), path

    def verify(self, where) -> object:
        return verify_path(where)

    def reopen(self, where, signed: bool) -> Game:
        return RG.arm(Game.open(where), signed)


WRITER = (
    "turnlog_rogue_writer"  # a role with only the writer's grants (events/pgschema.py grant_writer)
)


class PgStore:
    """Games in a throwaway cluster, written by a role with only the writer's grants (pgschema)."""

    name = "postgres"

    def __init__(self, work: Path, cluster=None):
        import psycopg
        from turnlog.events.pgschema import ensure_schema, grant_writer

        try:
            import pg_cluster
        except ImportError:
            from tests import pg_cluster
        self.own, self.templates = cluster is None, {}
        self.work, self.cluster = work, cluster or pg_cluster.Cluster()
        self.db = f"rogue{int(time.time() * 1000) % 10**9}"
        self.cluster.createdb(self.db)
        with psycopg.connect(self.cluster.dsn(self.db), autocommit=True) as conn:
            ensure_schema(conn)
            if not conn.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (WRITER,)).fetchone():
                conn.execute(f"CREATE ROLE {WRITER} LOGIN")
            grant_writer(conn, WRITER)

    def url(self, game: str) -> str:
        return self.cluster.url(self.db, game, user=WRITER)

    def open_case(self, n: int, case: Case):
        """A new game holding the rows of the target's honest prefix, copied verbatim (each prefix
        is played once), opened by the writer role."""
        t, url = case.target, self.url(f"c{n}")
        key = (t.scenario, t.at, case.signed)
        if key not in self.templates:
            tpl = self.url(f"t{len(self.templates)}")
            g = RG.create(tpl, t.scenario, case.signed, seed_file=self.seed(tpl))
            RG.play(g, t.prefix())
            g.close()
            self.templates[key] = tpl
        tpl = self.templates[key]
        with open_log(tpl) as src, open_log(url, create=True, log_format=src.format) as dst:
            dst.copy_from(src, src.last()[0])
        shutil.copyfile(self.seed(tpl), self.seed(url))
        return self.reopen(url, case.signed), url

    def honest_game(self, n: int, name: str, signed: bool):
        url = self.url(f"h{n}")
        return RG.create(url, name, signed, seed_file=self.seed(url)), url

    def seed(self, url: str) -> Path:
        return self.work / (url.rsplit("game=", 1)[1] + ".seed")

    def verify(self, where) -> object:
        return verify_path(where, seed_file=self.seed(where))

    def reopen(self, where, signed: bool) -> Game:
        return RG.arm(Game.open(where, seed_file=self.seed(where)), signed)

    def stop(self) -> None:
        if self.own:
            self.cluster.stop()


def named_at(rep) -> int | None:
    return rep.discrepancy.seq if rep.discrepancy is not None else rep.first_bad_seq


def run_case(store, n: int, case: Case) -> Outcome:
    """Write one rogue log on ``store`` and ask verify; the outcome."""
    g, where = store.open_case(n, case)
    x = RM.Ctx(g, case.target, case.signed, random.Random(n))
    try:
        rogue = case.mutate(x)
    except Exception as err:  # noqa: BLE001 - its honest part was refused: no case to write
        return Outcome(case, "harness_error", f"{type(err).__name__}: {err}")
    finally:
        x.g.close()
    if rogue is None:
        return Outcome(case, "n/a")
    out = Outcome(case, "", rogue.what, expected=(rogue.lo, rogue.hi), path=where)
    try:
        rep = store.verify(where)
    except Exception as err:  # noqa: BLE001 - a crash of verify is a finding, counted as "raised"
        out.verdict, out.what = "raised", f"{rogue.what}; verify raised {type(err).__name__}: {err}"
        return out
    out.seq = named_at(rep)
    if rep.ok:
        out.verdict = "missed"
    elif rogue.lo is None or (out.seq is not None and rogue.lo <= out.seq <= rogue.hi):
        out.verdict = "named"
    else:
        out.verdict = "wrong_seq"
        d = rep.discrepancy
        out.said = (rep.problem or (f"{d.message} [{d.logged} / {d.again}]" if d else ""))[:160]
    return out


def honest_logs(store, signed: bool, targets: list[RG.Target], start: int) -> tuple[int, list[str]]:
    """Verify honest logs on ``store``: every demo to its end; after each target an honest undo/redo
    (or a referee's override of a roll); each target played on a game reopened from an honest
    snapshot; return how many, and the false alarms (one line each, its class first)."""
    alarms, n = [], start
    where_ = f"{store.name}{' signed' if signed else ''}"
    for name in DEMOS:
        g, where = store.honest_game(n, name, signed)
        n += 1
        with g:
            RG.play(g, RG.script(name))
        if not store.verify(where).ok:
            alarms.append(f"honest_demo: {name} played to its end ({where_})")
    for t in targets:
        for honest in (_undo_redo, _from_snapshot):
            g, where = store.open_case(n, Case(store.name, signed, t, honest.__name__, None))
            n += 1
            what = honest(store, g, where, t, signed)
            rep = store.verify(where)
            if not rep.ok:
                alarms.append(f"honest{honest.__name__}: {t.ctype} {what}, {t.scenario} after "
                              f"{t.at} ({where_}): "
                              f"{rep.problem or rep.discrepancy}")
    return n - start, alarms


def _undo_redo(_store, g, _where, t: RG.Target, _signed: bool) -> str:
    """Play the target, then undo and redo it (a roll: the referee's override undo); say what."""
    with g:
        actor = RG.actor_for(g.state, t.command)
        g.execute(t.command, actor=actor)
        rolled = any(type(e).__name__ == "DieRolled" for _s, e in g.events(RG.last_command(g)[5]))
        try:
            if rolled:
                g.execute(c.Undo(override=True, referee=RG.REFEREE, reason="a misread die"),
                          actor=RG.REFEREE)
                return "then a referee's override undo"
            g.execute(c.Undo(), actor=actor)
            g.execute(c.Redo(), actor=actor)
            return "then an undo and redo"
        except RuleViolation as err:  # nothing to undo (a reveal): the log as played is honest
            return f"then no undo ({err.rule})"


def _from_snapshot(store, g, where, t: RG.Target, signed: bool) -> str:
    """Snapshot the honest prefix, reopen the game (its board comes from the snapshot), play the
    target."""
    with g:
        g.snapshot()
    with store.reopen(where, signed) as again:
        again.execute(t.command, actor=RG.actor_for(again.state, t.command))
    return "played on a game reopened from a snapshot"


def run(
    large: bool = False,
    stores: tuple[str, ...] = ("sqlite", "postgres"),
    show_missed: str | None = None,
    sample: int | None = None,
    only: tuple[str, ...] = (),
    signed: tuple[bool, ...] = (False, True),
    events: int | None = None,
    live: bool = True,
    workdir: Path | None = None,
    cluster=None,
) -> dict:
    """Run the harness; return its figures (see the module docstring).

    ``large``: every target; otherwise ``sample`` targets per store and signing (default 14 on
    SQLite, 7 on PostgreSQL), or the targets of the command types ``only`` names; ``events``: event
    types sampled; ``cluster``: a running tests/pg_cluster.py Cluster to use (default: a throwaway
    one of its own).
    """
    work = Path(workdir or tempfile.mkdtemp(prefix="turnlog-rogue-"))
    try:
        targets, uncovered = RG.targets(work, random.Random(11))
        targets = pick(targets, only) if only else targets
        donors = _donors(work)
        runs = [
            _on_store(
                SqliteStore(work) if name == "sqlite" else PgStore(work, cluster),
                targets,
                donors,
                None if large or only else sample or (14 if name == "sqlite" else 7),
                events,
                signed,
                (10 if large else 3) if live else 0,
                10**5 * i,
            )
            for i, name in enumerate(stores)
        ]
        fig = figures(
            [o for r in runs for o in r[0]],
            sum(r[1] for r in runs),
            [a for r in runs for a in r[2]],
            {name: r[3] for name, r in zip(stores, runs) if r[3]},
            targets,
            uncovered,
            donors,
        )
        if show_missed:
            fig["missed_written_to"] = write_missed(
                [o for r in runs for o in r[0]], Path(show_missed)
            )
        return fig
    finally:
        if workdir is None:
            shutil.rmtree(work, ignore_errors=True)


def _on_store(
    store,
    targets,
    donors,
    k: int | None,
    events: int | None,
    signed: tuple[bool, ...],
    live_rounds: int,
    n: int,
) -> tuple[list[Outcome], int, list[str], dict]:
    """The cases, honest logs and live writer on one store: (outcomes, honest, alarms, live)."""
    outcomes, honest, alarms, live = [], 0, [], {}
    try:
        for sign in signed:
            for case in cases(targets, donors, store.name, sign, k, events):
                outcomes.append(run_case(store, n, case))
                n += 1
            tried, found = honest_logs(
                store, sign, targets if k is None else _sample(targets, k), n
            )
            honest, alarms, n = honest + tried, alarms + found, n + tried
        if live_rounds:
            live = RL.run(store, rounds=live_rounds)
    finally:
        if store.name == "postgres":
            store.stop()
    return outcomes, honest, alarms, live


def _donors(work: Path) -> dict:
    """A stored row of each event type, from every demo played to its end."""
    finished = {}
    for name in DEMOS:
        finished[name] = RG.create(work / f"donor-{name}.db", name, signed=False)
        RG.play(finished[name], RG.script(name))
    try:
        return RX.donors(finished)
    finally:
        for g in finished.values():
            g.close()
