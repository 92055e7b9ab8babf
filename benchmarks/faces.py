"""What a user of the faces feels: the command line as processes, the REPL's cursor, the HTML export.

The command line is timed as a user runs it, one process per call, in two states of Python's bytecode
caches, each controlled per process whatever the caller's environment says:

- *compiled*: every module's cache written (a private ``PYTHONPYCACHEPREFIX``, filled by one untimed
  call of each command first): what a user with an ordinary environment gets from the second call on;
- *source*: ``PYTHONDONTWRITEBYTECODE`` set and no cache of turnlog's own modules (the standard library's
  and the dependencies' caches kept): what this machine's environment gives every process, turnlog
  compiled from its sources each time.
"""
from __future__ import annotations

import io
import os
import random
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from turnlog.engine.commands import AddNote
from turnlog.engine.game import Game

from . import gen

ROOT = Path(__file__).resolve().parents[1]
#: What the `turnlog` console script runs (pyproject's entry point), started the same way.
CLI = "import sys; from turnlog.engine.faces.cli.console import main; sys.exit(main())"
#: One host command a player of a mailed game sends: legal at the demo's end (a move in its own hex row).
DEMO_MOVE = '{"type": "MoveUnit", "unit": "ge-inf-1", "hex": "0504"}\n'


def cache_envs(work: Path) -> dict[str, dict[str, str]]:
    """The environments of the two cache states: ``compiled`` and ``source`` (see the module's doc)."""
    base = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    return {"compiled": {**base, "PYTHONPYCACHEPREFIX": str(work / "pyc-compiled")},
            "source": {**base, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": str(work / "pyc-source")}}


def fill_caches(work: Path, envs: dict[str, dict[str, str]], calls: list[tuple]) -> None:
    """Run each call once with caches written, then make the source state's prefix: the same caches
    without turnlog's own (so the interpreter and the dependencies start as they do everywhere)."""
    for args in calls:
        run(envs["compiled"], *args)
    compiled, source = work / "pyc-compiled", work / "pyc-source"
    shutil.rmtree(source, ignore_errors=True)
    shutil.copytree(compiled, source)
    shutil.rmtree(source / ROOT.relative_to(ROOT.anchor), ignore_errors=True)


#: The CPU seconds (user + system) of each process `run` started, in order: read by cli_figures.
CPU: list[float] = []


def run(env: dict[str, str] | None, *args) -> None:
    """One `turnlog ARGS` process (or ``python -c pass`` for no ARGS) from the checkout; output discarded.

    Its CPU time is kept in CPU: on a shared machine the wall time holds the wait for a core, the CPU time
    mostly what the process itself did."""
    argv = [sys.executable, "-c", CLI, *map(str, args)] if args else [sys.executable, "-c", "pass"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)


def play_case(env: dict[str, str], demo: Path, work: Path):
    """A `prepare` for alternate(): a fresh copy of the demo (untimed), then `turnlog play` of one move."""
    move = work / "move.jsonl"
    move.write_text(DEMO_MOVE)

    def prepare():
        copy = work / "played.db"
        for suffix in ("", "-wal", "-shm", ".seed"):
            Path(f"{copy}{suffix}").unlink(missing_ok=True)
        shutil.copy(demo, copy)
        shutil.copy(f"{demo}.seed", f"{copy}.seed")
        return lambda: run(env, "play", "--db", copy, move)
    return prepare


# -- a 10,000-event game: the REPL's cursor and the HTML export ----------------------------------------

def big_game(path: Path, events: int) -> int:
    """A generated game of exactly ``events`` events on a 400-hex map, host commands of one event each with
    a note every 500 (as tests/faces/test_html_size_10000_events.py builds it); returns its commands."""
    sc = gen.scenario(400, seed=3)
    with Game.create(path, sc, seed=bytes(32), public_seed=True, synchronous="OFF") as g:
        for i, cmd in enumerate(gen.host_commands(sc, events, seed=3, turn_events=4 * events)):
            if g.state.seq >= events:
                break
            g.execute(AddNote(text=f"note {i}: checked by hand") if i % 500 == 499 else cmd)
        return len(g.log.commands())


def repl_moves(path: Path, calls: int, seed: int = 8) -> dict[str, list[float]]:
    """Seconds per REPL command as the shell runs a typed line (precmd, the command, postcmd), driven
    in-process: ``step`` and ``back`` from random points, ``goto`` a random seq, and, for comparison,
    ``board`` at a random cursor (the board is folded there, not read from the log)."""
    from turnlog.engine.faces.repl import Shell
    rnd = random.Random(seed)
    out: dict[str, list[float]] = {"step": [], "back": [], "goto": [], "board": []}
    with Game.open(path, readonly=True) as g:
        shell = Shell(g, stdin=io.StringIO(), stdout=io.StringIO(), history=None)
        last = shell.last

        def one(line: str) -> float:
            t = time.perf_counter()
            line = shell.precmd(line)
            shell.postcmd(shell.onecmd(line), line)
            return time.perf_counter() - t
        for i in range(calls):
            shell.onecmd(f"goto {rnd.randint(1, last)}")
            for name in ("step", "back"):
                out[name].append(one(name))
            out["goto"].append(one(f"goto {rnd.randint(1, last)}"))
            if i % 4 == 0:
                out["board"].append(one("board"))
            shell.stdout.seek(0)
            shell.stdout.truncate()
    return out


def html_export(path: Path, out: Path):
    """A `prepare` for alternate(): `turnlog export --html` of ``path`` in-process (its verify included)."""
    from contextlib import redirect_stderr, redirect_stdout

    from turnlog.engine.faces.cli import main

    def export() -> None:
        out.unlink(missing_ok=True)
        with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
            main(["export", "--db", str(path), "--html", str(out)])
    return lambda: export


# -- the figures, for benchmarks/run.py -----------------------------------------------------------------

#: The demo commands timed as processes: figure name -> arguments after `turnlog` (DB: the demo's file).
DEMO_COMMANDS = {"cli.help": ("--help",), "cli.show_demo": ("show", "--db", "DB"),
                 "cli.log_demo": ("log", "--db", "DB")}


def cli_figures(fig, work: Path, demo: Path, copies: dict[str, Path], reps: int) -> None:
    """`python -c pass`, then `turnlog --help`, `show`, `log` and `play` of the demo in both cache states
    (the source state's figures end in ``.source``), and `show` of the copies (name -> file) compiled; all
    in alternation, one process per sample."""
    from .timing import alternate
    envs = cache_envs(work)
    calls = [tuple(demo if a == "DB" else a for a in args) for args in DEMO_COMMANDS.values()]
    calls += [("show", "--db", path) for path in copies.values()]
    fill_caches(work, envs, [(), *calls])
    play_case(envs["compiled"], demo, work)()()  # the play path's modules cached too
    fill_caches(work, envs, [])
    start = fig("limit.python_start", "`python -c pass`: the interpreter's start (caches written)", group="limit")
    cases = [(start, lambda: lambda: run(envs["compiled"]))]
    for state, suffix in (("compiled", ""), ("source", ".source")):
        env = envs[state]
        for name, args in DEMO_COMMANDS.items():
            args = tuple(demo if a == "DB" else a for a in args)
            what = f"`turnlog {' '.join(str(a) for a in args[:1])}`" + (" of the 14.65 demo" if len(args) > 1
                                                                        else "")
            f_ = fig(name + suffix, f"{what}, a process, {state}")
            cases.append((f_, lambda env=env, args=args: lambda: run(env, *args)))
        f_ = fig("cli.play_demo" + suffix, f"`turnlog play` of one move on a copy of the demo, a process, {state}")
        cases.append((f_, play_case(env, demo, work)))
    for name, path in copies.items():
        f_ = fig(f"show.{name}", f"`turnlog show` of the {name} log, a process, compiled")
        cases.append((f_, lambda path=path: lambda: run(envs["compiled"], "show", "--db", path)))
    cpu: dict[str, list[float]] = {f_.name: [] for f_, _prep in cases}

    def with_cpu(f_, prepare):
        def prep():
            timed_run = prepare()
            return lambda: (CPU.clear(), timed_run(), cpu[f_.name].append(sum(CPU)))
        return prep
    alternate(reps, [(f_, with_cpu(f_, prep)) for f_, prep in cases])
    for f_, _prep in cases:  # the CPU time of the compiled ones, as figures of their own
        if f_.name in ("limit.python_start", *DEMO_COMMANDS, "cli.play_demo"):
            fig(f"{f_.name}.cpu", f"{f_.what}: its CPU time (user + system)", group=f_.group).times = cpu[f_.name]


def repl_figures(fig, work: Path, events: int, calls: int, reps: int) -> None:
    """The REPL's step, back and goto (and board) on an ``events``-event game, per call with p99; the HTML
    export of the same game (time, with its verify, and the page's size) against verify alone."""
    from turnlog.engine.verify import verify_path

    from .timing import alternate
    path = work / f"repl-{events}.db"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    commands = big_game(path, events)
    for name, times in repl_moves(path, calls).items():
        f_ = fig(f"repl.{name}", f"the REPL's `{name}` on a {events:,}-event game ({commands:,} commands), "
                                 "per call")
        f_.times = times
        ordered = sorted(times)
        f_.extra["p99_s"] = ordered[max(0, int(round(0.99 * len(ordered))) - 1)]
    page = work / "export.html"
    fe = fig("html.export", f"`turnlog export --html` of the {events:,}-event game (its verify included)")
    fv = fig("html.verify", "verify_path of the same game (the export's verify alone)")
    alternate(reps, [(fe, lambda: html_export(path, page)()), (fv, lambda: lambda: verify_path(path))])
    fe.extra["page_bytes"] = page.stat().st_size
    fe.extra["events"] = events
    fe.what += f"; the page {fe.extra['page_bytes']:,} bytes"
