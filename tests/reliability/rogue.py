"""Harness 11, the rogue client: logs a dishonest client appends through the log's own API.

For every command type of every registered kind (rogue_games.py finds an honest instance in the
bundled demos) each mutator (rogue_mutators.py, rogue_undo.py, rogue_extra.py) writes a rogue
variant on a copy of the honest game, and ``verify`` is asked. A rogue log is *named* when verify
says NOT VERIFIED at a seq from the rogue command's first row to its first changed row (a schema
class, where no row is rogue, is named by NOT VERIFIED alone); *wrong seq* when it says NOT VERIFIED
elsewhere or at no seq; *missed* when it says VERIFIED (a hole); *raised* when verify crashes.
Honest logs (rogue_honest.py) count the false alarms. SQLite through EventLog.append; PostgreSQL
through the writer role in the throwaway cluster of tests/pg_cluster.py (rogue_stores.py);
rogue_report.py counts.
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from turnlog.engine.faces.cli.args import DEMOS

from . import rogue_extra as RX
from . import rogue_games as RG
from . import rogue_honest as RH
from . import rogue_mutators as RM
from . import rogue_undo as RU
from .rogue_report import figures, headline, markdown, write_missed  # noqa: F401  (the runner's)
from .rogue_stores import PgStore, SqliteStore


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
        for name, fn in {**RM.PER_TARGET, **RU.PER_TARGET, **RX.PER_TARGET}.items()
    ]
    firsts: dict[str, RG.Target] = {}
    for t in chosen:
        firsts.setdefault(t.scenario, t)
    for t in firsts.values():
        out += [
            Case(store, signed, t, name, fn) for name, fn in {**RU.PER_GAME, **RX.PER_GAME}.items()
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


def named_at(rep) -> int | None:
    """The seq the CLI's verdict line gives (its "first at seq")."""
    return rep.first_named()


def run_case(store, n: int, case: Case) -> Outcome:
    """Write one rogue log on ``store`` and ask verify; the outcome."""
    g, where = store.open_case(n, case.target, case.signed)
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
            tried, found = RH.honest_logs(
                store, sign, targets if k is None else _sample(targets, k), n
            )
            honest, alarms, n = honest + tried, alarms + found, n + tried
        if live_rounds:
            live = RH.live(store, rounds=live_rounds)
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
