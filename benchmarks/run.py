"""Run every benchmark in one process on the same generated events; print a table, write JSON.

    python -m benchmarks.run [--quick] [--events N] [--out FILE]

Figures are medians of several repetitions with their interquartile range;
compared figures run in alternation. Ratios are only meaningful within one
run: the machine is shared, so absolute times move from run to run.
"""
from __future__ import annotations

import argparse
import contextlib
import gc
import os
import json
import tempfile
import time
from collections import Counter
from datetime import datetime, timezone
from pathlib import Path

from turnlog.projections.state import dump

from . import cases, faces, gen, limits, peer, serve_figures, verify_stages
from .report import markdown, report, retarget, table
from .timing import Figure, alternate, timed

RESULTS = Path(__file__).resolve().parent / "results"

def parse_args(argv=None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="100,000 events and fewer repetitions")
    p.add_argument("--events", type=int, help="events in the generated game (default 1,000,000; quick 100,000)")
    p.add_argument("--out", type=Path, help="JSON file (default benchmarks/results/<timestamp>.json)")
    p.add_argument("--reps", type=int, help="repetitions of each throughput figure (default 3; quick 3)")
    p.add_argument("--hexes", type=int, default=400, help="hexes of the generated game's map")
    p.add_argument("--zone-hexes", type=int, nargs=2, default=(1000, 10000), metavar=("SMALL", "BIG"),
                   help="hexes of the two maps for zones and eligibility")
    p.add_argument("--commands", type=int, help="commands per durable-append repetition (default 500)")
    p.add_argument("--samples", type=int, help="random at(seq) points and undos per log (default 40)")
    p.add_argument("--no-peer", action="store_true", help="skip eventsourcing")
    p.add_argument("--smoke", action="store_true",
                   help="the fewest repetitions that still give a median and a spread (3): checks that the "
                        "code runs (the test suite); its figures measure nothing")
    p.add_argument("--no-serve", action="store_true",
                   help="skip turnlog serve (benchmarks/serve_figures.py)")
    p.add_argument("--undo-cycles", type=int, default=2000,
                   help="undo/redo cycles of the game that verify, open, undo, redo and at are measured on")
    p.add_argument("--repl-events", type=int, default=10_000,
                   help="events of the game the REPL's cursor and the HTML export are measured on")
    p.add_argument("--workdir", type=Path, help="where the SQLite files go (default: a temporary directory)")
    p.add_argument("--markdown", type=Path, metavar="RESULT.json",
                   help="print a stored result as the Markdown tables docs/performance.md keeps, and exit")
    return p.parse_args(argv)


def _least(args: argparse.Namespace, least: int, n: int) -> int:
    """``n`` repetitions, raised to ``least`` for a figure to mean something, or to 3 in a smoke run."""
    return max(3, n) if args.smoke else max(least, n)


def run(args: argparse.Namespace, say=print) -> dict:
    n = args.events or (100_000 if args.quick else 1_000_000)
    reps = args.reps or 3
    k = args.commands or 500
    samples = args.samples or 40
    figs: dict[str, Figure] = {}

    def fig(name: str, what: str, per: int = 1, group: str = "turnlog") -> Figure:
        figs[name] = Figure(name, what, per, group=group)
        return figs[name]

    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp, _own_trust_list(Path(tmp)):
        work = Path(tmp)
        t0 = time.perf_counter()
        # -- zones and eligibility (first: a clean heap, before a million events pass through it) --
        say(f"zones and eligibility on {' and '.join(f'{hx:,}' for hx in args.zone_hexes)} hexes ...")
        zone_cases, loops = [], {}
        small = args.zone_hexes[0]
        for hx in args.zone_hexes:
            # The larger map is the smaller one tiled (equal density: exactly tiles x the work).
            if hx % small:
                raise SystemExit(f"--zone-hexes: {hx} is not a multiple of {small} (the larger map tiles the smaller)")
            st = cases.zones_state(small, tiles=hx // small)
            fz = fig(f"zones.{hx}", f"determine() + count() per enemy zone, {hx:,} hexes "
                                    f"({hx // small} x the {small:,}-hex map), {len(st.units)} units")
            fz.extra["tiles"] = hx // small
            fz.extra["zones"] = len(cases.determine(st))
            fz.extra["eligible_units"] = cases.zones_and_eligibility(st)
            # A call on the small map takes ~2 ms: time enough calls per repetition (~50 ms) that timer
            # and scheduler noise do not decide the ratio, and report the time of one call.
            one, _ = timed(lambda st=st: cases.zones_and_eligibility(st))
            loops[hx] = fz.extra["calls_per_rep"] = max(1, int(0.05 / max(one, 1e-6)))

            def zones_loop(st=st, n_=loops[hx]):
                for _ in range(n_):
                    cases.zones_and_eligibility(st)
            zone_cases.append((fz, lambda f=zones_loop: f))
        alternate(max(reps, 5), zone_cases)  # both map sizes in alternation, like every compared pair
        for fz, _prep in zone_cases:
            fz.times = [t / fz.extra["calls_per_rep"] for t in fz.times]
        del zone_cases, st
        sc = gen.scenario(args.hexes)
        dt, (batch, ref) = timed(lambda: gen.game(sc, n))
        raw = limits.flatten(batch)
        say(f"generated {n:,} events in {len(batch):,} commands on {len(sc.hexes)} hexes, "
            f"{len(sc.units)} units ({dt:.1f} s)")
        generated = {"commands": len(batch), "hexes": len(sc.hexes), "units": len(sc.units), "seconds": dt,
                     "events_by_type": dict(Counter(r[1] for r in raw).most_common()),
                     "snapshot_bytes_at_end": len(dump(ref))}
        commands = gen.host_commands(sc, k)
        setup_rows, stored_k = _rows_of(sc, commands, work)
        rows_k = [(i, e[2], e[4]) for i, e in enumerate((e for _c, es in stored_k for e in es), 1)]
        gc.freeze()  # the generated game stays alive all run: keep it out of the collector's way

        # -- bulk import against executemany ----------------------------------
        say("bulk import ...")
        ex, bulk = fig("limit.executemany", "SQLite executemany, one transaction", n, "limit"), \
            fig("bulk_import", "EventLog.append_batch (hash chain, commands)", n)
        floor = fig("floor.executemany", "the log's own rows prebuilt (hashes too), its tables: one transaction",
                    n, "floor")
        probe = cases.bulk_import(work / "probe.db", batch)
        prebuilt = limits.stored(probe.conn)
        probe.close()
        raw_conn: list = []
        logs: list = []

        def prep_raw():
            for cn in raw_conn:
                cn.close()
            raw_conn[:] = [limits.connect(work / "raw.db")]
            return lambda: limits.executemany(raw_conn[0], raw)

        def prep_bulk():
            for lg in logs:
                lg.close()
            logs[:] = [cases.new_log(work / "big.db")]
            return lambda: logs[0].append_batch(batch, expected_seq=0)
        def prep_floor():
            lg = cases.new_log(work / "floor.db")
            return (lambda: limits.schema_executemany(lg.conn, prebuilt)), lg.close
        alternate(reps, [(ex, prep_raw), (bulk, prep_bulk), (floor, prep_floor)])
        prebuilt = None  # frees the rows (the closures above ran already)
        big_log = logs[0]
        dt, taken = timed(lambda: cases.write_snapshots(big_log))
        say(f"  {taken} snapshots written in {dt:.1f} s")
        big_log.close()

        # -- full replay against read + decode + fold ---------------------------
        say("full replay ...")
        game = cases.open_game(work / "big.db")
        equal = cases.full_replay(game) == ref
        rf, rp = fig("limit.read_fold", "read + typed decode + fold into plain dicts", n, "limit"), \
            fig("replay", "Game.at(use_snapshots=False): full replay into the board", n)
        ff = fig("floor.read_fold", "the same read + decode + fold, from the log's own events table", n, "floor")
        alternate(reps, [(rf, lambda: lambda: limits.read_fold(raw_conn[0])),
                         (rp, lambda: lambda: cases.full_replay(game)),
                         (ff, lambda: lambda: limits.read_fold(game.log.conn))])
        rp.extra["replay_equals_live_state"] = equal
        vf = fig("verify_chain", "EventLog.verify_chain over the whole log", n)
        alternate(reps, [(vf, lambda: game.log.verify_chain)])
        game.close()
        raw_conn[0].close()

        # -- the peer -----------------------------------------------------------
        if not args.no_peer and peer.available():
            say("eventsourcing ...")
            items = peer.facts(raw)
            pa = fig("peer.append", "eventsourcing: create events + one save of all", n, "peer")
            pr = fig("peer.replay", "eventsourcing: repository.get (replay all)", n, "peer")
            holder: list = []

            def prep_peer_append():
                if holder:
                    holder[0].close()
                holder[:] = [peer.Peer(work / "peer.db")]
                return lambda: holder.append(holder[0].append_bulk(items))
            alternate(reps, [(pa, prep_peer_append)])
            app, agg = holder
            alternate(reps, [(pr, lambda: lambda: app.replay(agg))])
            pr.extra["replayed_facts"] = len(app.replay(agg))
            app.close()
            pk = fig("peer.append_per_command", "eventsourcing: one save per command (synchronous FULL default)",
                     k, "peer")
            one = peer.facts(rows_k)

            def prep_peer_cmd():
                p_ = peer.Peer(work / "peer-cmd.db")
                return (lambda: p_.append_per_command(one, [1] * len(one))), p_.close
            alternate(reps, [(pk, prep_peer_cmd)])
            del items
        else:
            say("eventsourcing: skipped")
        raw = batch = None  # frees the rows (the closures above ran already)
        gc.collect()

        # -- durable per-command append ---------------------------------------
        for sync in ("FULL", "NORMAL"):
            say(f"durable append at synchronous={sync} ...")
            lim = fig(f"limit.txn.{sync}", f"one INSERT transaction per event, synchronous={sync}",
                      len(rows_k), "limit")
            app_ = fig(f"append.{sync}", f"Game.execute per command (1 event each), synchronous={sync}",
                       len(commands))

            flo = fig(f"floor.txn.{sync}", f"the log's own rows prebuilt, one transaction per command, "
                                           f"synchronous={sync}", len(stored_k), "floor")

            def prep_txn(sync=sync):
                cn = limits.connect(work / f"txn-{sync}.db", sync)
                return (lambda: limits.one_per_event(cn, rows_k)), cn.close

            def prep_floor_txn(sync=sync):
                lg = cases.new_log(work / f"floor-{sync}.db", sync)
                limits.schema_executemany(lg.conn, setup_rows)
                return (lambda: limits.schema_one_per_command(lg.conn, stored_k)), lg.close
            alternate(max(reps, 5), [(lim, prep_txn),
                             (app_, lambda sync=sync: cases.durable(work / f"exec-{sync}.db", sc, commands, sync)),
                             (flo, prep_floor_txn)])

        # -- an attrition procedure: durable through Game, against its rows' raw writes; in a Sandbox --
        say("attrition procedures ...")
        template, proc_rows = cases.procedure_game(work)
        pn = fig("procedure.NORMAL", "a whole attrition procedure (5 commands) via Game.execute, synchronous=NORMAL")
        pl = fig("limit.procedure.NORMAL", "the same rows, one INSERT+COMMIT per command, synchronous=NORMAL",
                 group="limit")
        po = fig("procedure.OFF", "the same procedure via Game.execute, synchronous=OFF (today's way to try one)")
        per_rep = max(10, 5 * samples)
        ro = fig("search.rollout", "the same procedure in a Sandbox from a copy of the state (engine/search.py)",
                 per_rep)
        for _ in range(max(5, samples)):  # one procedure per sample: a sample per fresh copy of the game
            alternate(1, [(pn, lambda: cases.procedure_through_game(template, work, "NORMAL")),
                          (pl, lambda: cases.procedure_raw(work, proc_rows, "NORMAL")),
                          (po, lambda: cases.procedure_through_game(template, work, "OFF"))])
        alternate(reps, [(ro, lambda: cases.rollouts(template, per_rep))])
        ro.extra["ratio_to_procedure_off"] = ro.rate / po.rate
        # Copying the generated game's live state, against a plain-dict copy of the same data.
        from turnlog.engine.search import copy_state
        import msgspec
        plain_data = msgspec.to_builtins(ref)
        sc_, pc = fig("search.copy", f"engine.search.copy_state of the {len(sc.hexes)}-hex game's state"), \
            fig("limit.plain_copy", "a plain-dict copy of the same data (to_builtins; each map one level deep)",
                group="limit")
        calls = max(1, int(0.05 / max(timed(lambda: copy_state(ref))[0], 1e-6)))

        def loop(fn, arg, n_=calls):
            def run_():
                for _ in range(n_):
                    fn(arg)
            return run_
        alternate(max(reps, 5),
                  [(sc_, lambda: loop(copy_state, ref)), (pc, lambda: loop(cases.plain_copy, plain_data))])
        for f_ in (sc_, pc):
            f_.times = [t / calls for t in f_.times]
            f_.extra["calls_per_rep"] = calls
        plain_data = None  # frees the copy (the closure above ran already)

        # -- time travel and undo by log size --------------------------------------
        sizes = sorted({s for s in (1000, 100_000, n) if s <= n})
        say(f"at(seq) and undo on logs of {', '.join(f'{size:,}' for size in sizes)} events, in alternation ...")
        games = {}
        for size in sizes:
            path = work / "big.db" if size == n else work / f"log-{size}.db"
            if size != n:
                b, _ = gen.game(sc, size)
                lg = cases.bulk_import(path, b)
                cases.write_snapshots(lg)
                lg.close()
            games[size] = cases.open_game(path)
        got = cases.interleaved({size: cases.at_points(g) for size, g in games.items()}, samples)
        for size, pairs in got.items():
            fig(f"at.{size}", f"Game.at(seq) at a random seq of a {size:,}-event log").times = [a for a, _ in pairs]
            fig(f"at_warm.{size}", f"the same Game.at(seq) again at once (its pages cached), {size:,}-event "
                                   "log").times = [w for _, w in pairs]
        for size, times in cases.interleaved({size: cases.undos(g) for size, g in games.items()},
                                             max(5, samples // 2)).items():
            fig(f"undo.{size}", f"Game.undo() of the latest move on a {size:,}-event log").times = times
        for size, times in cases.interleaved({size: cases.undos_after_snapshot(g) for size, g in games.items()},
                                             max(3, samples // 10)).items():
            fig(f"undo_after_snapshot.{size}", f"Game.undo() of a move the latest snapshot holds, "
                                               f"{size:,}-event log").times = times
        for g in games.values():
            g.close()
        del games

        # -- a fork and an import against their original; the command line as processes (the CLI's
        # start in both bytecode cache states) --
        logged = [s for s in sizes if s != n]
        original = work / f"log-{logged[-1]}.db" if logged else work / "big.db"
        say(f"the command line as processes: the demo's show, log, play, --help; show of a {original.name} log, "
            "its fork and its import ...")
        fork, imported = cases.fork_and_import(original, work)
        demo = cases.demo_game(work)
        faces.cli_figures(fig, work, demo, {"original": original, "fork": fork, "import": imported},
                          _least(args, 7, reps))
        say(f"the REPL's cursor and the HTML export on a {args.repl_events:,}-event game ...")
        faces.repl_figures(fig, work, args.repl_events, max(50, samples * 5), reps)
        if args.no_serve or not serve_figures.available():
            say("turnlog serve: skipped")
        else:
            say("turnlog serve on a loopback port: a command against the direct path, games at "
                "once, push ...")
            serve_figures.figures(fig, work, _least(args, 20, samples * 5), _least(args, 5, samples))

        # -- verify against replay on a game of real commands of the same length --
        from turnlog.engine.verify import verify_path
        say(f"verify of a {n:,}-event game of real commands ...")
        vpath = work / "verifiable.db"
        vbatch, vref = gen.game(sc, n, commands=True)
        vlog = cases.bulk_import(vpath, vbatch)
        cases.write_snapshots(vlog)
        vlog.close()
        del vbatch
        vrep = verify_path(vpath)
        from turnlog.engine.verify import ranges as VR
        started = VR.start(vpath)  # as a user's verify, which holds no connection to the file
        split = started.bounds if started is not None else []
        if started is not None:
            started.stop()
        fv = fig("verify", f"turnlog verify of a {n:,}-event game of real commands (gen.game(commands=True)), "
                           "in ranges on this machine's cores (engine/verify/ranges.py)", n)
        fvo = fig("verify.one_pass", "the same verify in one pass, one process", n)
        fvr = fig("verify.replay", "Game.at(use_snapshots=False) on the same log (opened untimed, closed "
                                   "after: verify forks its workers only while no connection holds the file)", n)

        def replayed():
            g = cases.open_game(vpath)
            return (lambda: cases.full_replay(g)), g.close
        alternate(reps, [(fv, lambda: lambda: verify_path(vpath)),
                         (fvo, lambda: lambda: _one_pass(verify_path, vpath)),
                         (fvr, replayed)])
        vgame = cases.open_game(vpath)
        fv.extra.update(ok=vrep.ok, commands_checked=vrep.commands_checked,
                        replay_equals_live_state=cases.full_replay(vgame) == vref,
                        workers=VR.workers(), ranges_end_at=split,
                        one_pass_ok=_one_pass(verify_path, vpath).ok)
        vgame.close()
        say(f"  verify in {len(split) + 1} range(s) ({VR.workers()} worker process(es) allowed) ...")
        say("  verify's stages, each timed in an instrumented run ...")
        verify_stages.figures(fig, lambda: verify_path(vpath), reps, vrep.ok)
        del vref

        # -- verify with undo/redo cycles against the same length without --
        cycles = args.undo_cycles
        say(f"verify with {cycles:,} undo/redo cycles ...")
        with_undos, plain = cases.undo_cycle_games(work, cycles)
        fvu = fig("verify.undos", f"turnlog verify of a game with {cycles:,} undo/redo cycles")
        fvp = fig("verify.no_undos", "turnlog verify of a game of the same length without undos")
        alternate(reps, [(fvu, lambda: lambda: verify_path(with_undos)),
                         (fvp, lambda: lambda: verify_path(plain))])
        say(f"open, undo, redo, at(seq) with {cycles:,} undo/redo cycles and without ...")
        for name, times in cases.undo_costs({"undos": with_undos, "no_undos": plain}, max(5, samples)).items():
            what, k = name.split(".")
            fig(name, f"Game.{what}() on the game {'with' if k == 'undos' else 'without'} "
                      f"{cycles:,} undo/redo cycles").times = times

        total = time.perf_counter() - t0

    res = report(args, n, reps, figs, sizes, total)
    res["config"]["generated"] = generated
    return res


def _one_pass(verify_path, path):
    """verify_path in one pass (no ranges' workers), whatever the machine's cores."""
    with verify_stages.one_pass():
        return verify_path(path)


@contextlib.contextmanager
def _own_trust_list(work: Path):
    """The run's processes keep their trusted snapshots in a list of the run's own
    (engine/snapshots.py): the user's, which every turnlog process reads, stays as it was and its
    length changes no figure."""
    before = os.environ.get("TURNLOG_TRUST")
    os.environ["TURNLOG_TRUST"] = str(work / "snapshots-trusted")
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TURNLOG_TRUST", None)
        else:
            os.environ["TURNLOG_TRUST"] = before


def _rows_of(sc, commands, work: Path):
    """The rows Game.execute stores for the setup and for ``commands``, as (command, events) pairs."""
    from turnlog.engine.game import Game
    g = Game.create(cases.fresh(work / "probe-exec.db"), sc, seed=gen.SEED, synchronous="OFF")
    for cmd in commands:
        g.execute(cmd)
    rows = limits.stored(g.log.conn)
    g.close()
    return rows[:1], rows[1:]


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.markdown:
        print(markdown(retarget(json.loads(args.markdown.read_text()))))  # judged by today's targets
        return 0
    res = run(args)
    print()
    print(table(res))
    out = args.out or RESULTS / (datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ") + ".json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(res, indent=1))
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
