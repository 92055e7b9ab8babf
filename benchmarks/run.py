"""Run every benchmark in one process on the same generated events; print a table, write JSON.

    python -m benchmarks.run [--quick] [--events N] [--out FILE]

Figures are medians of several repetitions with their interquartile range;
compared figures run in alternation. Ratios are only meaningful within one
run: the machine is shared, so absolute times move from run to run.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path

from projections.state import dump

from . import cases, gen, limits, peer
from .timing import Figure, alternate, timed

RESULTS = Path(__file__).resolve().parent / "results"

#: (figure, what it is compared with, the bound, "min": ratio >= bound / "max": ratio <= bound)
TARGETS = [
    ("replay", "limit.read_fold", 0.7, "min"),
    ("replay", "peer.replay", 10.0, "min"),
    ("append.FULL", "limit.txn.FULL", 0.8, "min"),
    ("append.NORMAL", "limit.txn.NORMAL", 0.8, "min"),
    ("bulk_import", "limit.executemany", 0.5, "min"),
    ("at.{big}", "at.{small}", 2.0, "max"),
    ("undo.{big}", "undo.{small}", 2.0, "max"),
    ("zones.{zbig}", "zones.{zsmall}", 12.0, "max"),
]
#: each throughput figure's limit and peer (ratios are rate / rate).
FLOOR_OF = {"bulk_import": "floor.executemany", "replay": "floor.read_fold",
            "append.FULL": "floor.txn.FULL", "append.NORMAL": "floor.txn.NORMAL"}
LIMIT_OF = {"bulk_import": "limit.executemany", "replay": "limit.read_fold",
            "append.FULL": "limit.txn.FULL", "append.NORMAL": "limit.txn.NORMAL",
            "peer.append": "limit.executemany", "peer.replay": "limit.read_fold",
            "peer.append_per_command": "limit.txn.FULL"}
PEER_OF = {"bulk_import": "peer.append", "replay": "peer.replay", "append.FULL": "peer.append_per_command"}


def machine() -> dict:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        cpu = platform.processor()
    info = {"nproc": os.cpu_count(), "cpu": cpu, "python": sys.version.split()[0],
            "platform": platform.platform(), "sqlite": sqlite3.sqlite_version, "msgspec": version("msgspec")}
    if peer.available():
        info["eventsourcing"] = peer.version()
    try:
        info["loadavg_start"] = os.getloadavg()
    except OSError:
        pass
    info["git"] = _git()
    return info


def _git() -> dict:
    """The commit measured, and the source files that differ from it (figures are of the working tree)."""
    import subprocess
    root = Path(__file__).resolve().parents[1]
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True, text=True,
                              timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "events", "projections",
                                "engine", "benchmarks"], cwd=root, capture_output=True, text=True,
                               timeout=10).stdout.split("\n")
    except (OSError, subprocess.SubprocessError):
        return {}
    return {"commit": head, "modified": [line[3:] for line in dirty if line.strip()]}


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
    p.add_argument("--workdir", type=Path, help="where the SQLite files go (default: a temporary directory)")
    p.add_argument("--markdown", type=Path, metavar="RESULT.json",
                   help="print a stored result as the Markdown tables docs/performance.md keeps, and exit")
    return p.parse_args(argv)


def run(args: argparse.Namespace, say=print) -> dict:
    n = args.events or (100_000 if args.quick else 1_000_000)
    reps = args.reps or 3
    k = args.commands or 500
    samples = args.samples or 40
    figs: dict[str, Figure] = {}

    def fig(name: str, what: str, per: int = 1, group: str = "turnlog") -> Figure:
        figs[name] = Figure(name, what, per, group=group)
        return figs[name]

    with tempfile.TemporaryDirectory(dir=args.workdir) as tmp:
        work = Path(tmp)
        t0 = time.perf_counter()
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
        del prebuilt
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
        del raw, batch
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

        # -- time travel and undo by log size --------------------------------------
        sizes = sorted({s for s in (1000, 100_000, n) if s <= n})
        for size in sizes:
            say(f"at(seq) and undo on a {size:,}-event log ...")
            path = work / "big.db" if size == n else work / f"log-{size}.db"
            if size != n:
                b, _ = gen.game(sc, size)
                lg = cases.bulk_import(path, b)
                cases.write_snapshots(lg)
                lg.close()
            g = cases.open_game(path)
            fa = fig(f"at.{size}", f"Game.at(seq) at a random seq of a {size:,}-event log")
            fa.times = cases.at_points(g, samples)
            fu = fig(f"undo.{size}", f"Game.undo() of the latest move on a {size:,}-event log")
            fu.times = cases.undos(g, max(5, samples // 2))
            fs = fig(f"undo_after_snapshot.{size}", f"Game.undo() of a move the latest snapshot holds, "
                                                    f"{size:,}-event log")
            fs.times = cases.undos_after_snapshot(g, max(3, samples // 10))
            g.close()

        # -- zones and eligibility ----------------------------------------------
        for hx in args.zone_hexes:
            say(f"zones and eligibility on {hx:,} hexes ...")
            st = cases.zones_state(hx)
            fz = fig(f"zones.{hx}", f"determine() + count() per enemy zone, {hx:,} hexes, "
                                    f"{len(st.units)} units")
            fz.extra["zones"] = len(cases.determine(st))
            fz.extra["eligible_units"] = cases.zones_and_eligibility(st)
            alternate(max(reps, 5), [(fz, lambda st=st: lambda: cases.zones_and_eligibility(st))])
        total = time.perf_counter() - t0

    res = report(args, n, reps, figs, sizes, total)
    res["config"]["generated"] = generated
    return res


def _rows_of(sc, commands, work: Path):
    """The rows Game.execute stores for the setup and for ``commands``, as (command, events) pairs."""
    from engine.game import Game
    g = Game.create(cases.fresh(work / "probe-exec.db"), sc, seed=gen.SEED, synchronous="OFF")
    for cmd in commands:
        g.execute(cmd)
    rows = limits.stored(g.log.conn)
    g.close()
    return rows[:1], rows[1:]


def report(args, n: int, reps: int, figs: dict[str, Figure], sizes: list[int], total: float) -> dict:
    out: dict = {"timestamp": datetime.now(timezone.utc).isoformat(timespec="seconds"), "machine": machine(),
                 "config": {"events": n, "quick": args.quick, "reps": reps, "hexes": args.hexes,
                            "zone_hexes": list(args.zone_hexes), "seconds": round(total, 1)},
                 "figures": {}, "targets": []}
    for name, f in figs.items():
        d = f.summary()
        for key, table in (("limit", LIMIT_OF), ("peer", PEER_OF), ("floor", FLOOR_OF)):
            other = figs.get(table.get(name, ""))
            if other is not None:
                d[key] = other.name
                d[f"ratio_to_{key}"] = f.rate / other.rate
        out["figures"][name] = d
    names = {"big": sizes[-1], "small": sizes[0], "zbig": max(args.zone_hexes), "zsmall": min(args.zone_hexes)}
    for a, b, bound, kind in TARGETS:
        a, b = a.format(**names), b.format(**names)
        if a not in figs or b not in figs:
            continue
        fa, fb = figs[a], figs[b]
        ratio = fa.rate / fb.rate if kind == "min" else fa.median / fb.median
        out["targets"].append({"figure": a, "against": b, "ratio": ratio, "bound": bound,
                               "kind": ">=" if kind == "min" else "<=",
                               "met": ratio >= bound if kind == "min" else ratio <= bound})
    return out


def table(res: dict) -> str:
    lines = [f"{'figure':<26} {'median':>11} {'IQR':>10} {'rate /s':>12} {'x limit':>8} {'x peer':>8} "
             f"{'x floor':>8}  what"]
    for name, d in res["figures"].items():
        med, iqr = d["median_s"], d["iqr_s"]
        unit = (f"{med * 1e3:9.3f}ms", f"{iqr * 1e3:8.3f}ms") if d["items_per_rep"] == 1 else \
            (f"{med:10.3f}s", f"{iqr:9.3f}s")
        rate = f"{d['rate_per_s_median']:12,.0f}" if d["items_per_rep"] > 1 else f"{'':12}"
        lim = f"{d['ratio_to_limit']:8.2f}" if "ratio_to_limit" in d else f"{'':8}"
        pe = f"{d['ratio_to_peer']:8.2f}" if "ratio_to_peer" in d else f"{'':8}"
        fl = f"{d['ratio_to_floor']:8.2f}" if "ratio_to_floor" in d else f"{'':8}"
        lines.append(f"{name:<26} {unit[0]:>11} {unit[1]:>10} {rate} {lim} {pe} {fl}  {d['what']}")
    lines.append("")
    lines.append("targets (ratios within this run):")
    for t in res["targets"]:
        lines.append(f"  {'ok  ' if t['met'] else 'MISS'} {t['figure']} / {t['against']} = {t['ratio']:.2f} "
                     f"(target {t['kind']} {t['bound']})")
    m = res["machine"]
    lines.append(f"machine: {m['nproc']} x {m['cpu']}, Python {m['python']}, SQLite {m['sqlite']}; "
                 f"{res['config']['events']:,} events, {res['config']['seconds']} s")
    return "\n".join(lines)


def markdown(res: dict) -> str:
    """The figures and targets of one result as Markdown tables."""
    out = ["| figure | median | IQR | per second | × limit | × peer | × floor |", "|---|---:|---:|---:|---:|---:|---:|"]
    for name, d in res["figures"].items():
        one = d["items_per_rep"] == 1
        med = f"{d['median_s'] * 1e3:.2f} ms" if one else f"{d['median_s']:.3f} s"
        iqr = f"{d['iqr_s'] * 1e3:.2f} ms" if one else f"{d['iqr_s']:.3f} s"
        rate = "" if one else f"{d['rate_per_s_median']:,.0f}"
        cells = [f"{d[k]:.2f}" if k in d else "" for k in ("ratio_to_limit", "ratio_to_peer", "ratio_to_floor")]
        out.append(f"| `{name}` | {med} | {iqr} | {rate} | " + " | ".join(cells) + " |")
    out += ["", "| target | ratio | bound | met |", "|---|---:|---:|---|"]
    for t in res["targets"]:
        out.append(f"| `{t['figure']}` / `{t['against']}` | {t['ratio']:.2f} | {t['kind']} {t['bound']} | "
                   f"{'yes' if t['met'] else '**no**'} |")
    return "\n".join(out)


def main(argv=None) -> int:
    args = parse_args(argv)
    if args.markdown:
        print(markdown(json.loads(args.markdown.read_text())))
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
