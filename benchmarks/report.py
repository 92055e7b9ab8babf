"""Turn measured figures into the result: ratios, targets, the printed table and Markdown."""
from __future__ import annotations

import os
import platform
import sqlite3
import sys
from datetime import datetime, timezone
from importlib.metadata import version
from pathlib import Path

from . import peer
from . import verify_stages as VS
from .timing import Figure

#: (figure, what it is compared with, the bound, "min": ratio >= bound / "max": ratio <= bound)
#: The bounds of the second round: the storage format's price is accepted, so bulk import is held to the
#: floor (the log's own rows, no engine); replay and the durable FULL append to the limit, tighter than before.
TARGETS = [
    ("replay", "limit.read_fold", 0.85, "min"),
    ("replay", "peer.replay", 10.0, "min"),
    ("append.FULL", "limit.txn.FULL", 0.9, "min"),
    ("bulk_import", "floor.executemany", 0.9, "min"),
    ("at.{big}", "at.{small}", 2.0, "max"),
    ("undo.{big}", "undo.{small}", 2.0, "max"),
    ("zones.{zbig}", "zones.{zsmall}", 11.0, "max"),
    ("verify", "verify.replay", 0.15, "min"),  # this round's bound; the earlier one below
    ("verify", "verify.replay", 0.25, "min"),
    ("verify.one_pass", "verify.replay", None, "min"),  # the same in one process: reported
    ("verify.undos", "verify.no_undos", 1.5, "max"),
    ("open.undos", "open.no_undos", 1.5, "max"),
    ("undo.undos", "undo.no_undos", 1.5, "max"),
    ("redo.undos", "redo.no_undos", 1.5, "max"),
    ("at.undos", "at.no_undos", 1.5, "max"),
    ("procedure.NORMAL", "limit.procedure.NORMAL", 6.0, "max"),
    ("search.copy", "limit.plain_copy", 3.0, "max"),
    ("search.rollout", "procedure.OFF", 5.0, "min"),
    ("show.fork", "show.original", 1.2, "max"),
    ("show.import", "show.original", 1.2, "max"),
    # The command line as a user runs it, every module's bytecode cache written.
    ("cli.help", "limit.python_start", 2.0, "max"),
    ("cli.show_demo", "limit.python_start", 3.0, "max"),
    ("cli.log_demo", "limit.python_start", 3.0, "max"),
    ("cli.play_demo", "limit.python_start", 3.0, "max"),
    # The same by the processes' CPU time (user + system), which a queue for the cores does not inflate.
    ("cli.help.cpu", "limit.python_start.cpu", None, "max"),
    ("cli.show_demo.cpu", "limit.python_start.cpu", None, "max"),
    ("cli.log_demo.cpu", "limit.python_start.cpu", None, "max"),
    ("cli.play_demo.cpu", "limit.python_start.cpu", None, "max"),
    # The same compiled from source each time (PYTHONDONTWRITEBYTECODE, as this machine sets it): reported.
    ("cli.help.source", "limit.python_start", None, "max"),
    ("cli.show_demo.source", "limit.python_start", None, "max"),
    ("cli.log_demo.source", "limit.python_start", None, "max"),
    ("cli.play_demo.source", "limit.python_start", None, "max"),
]
# Verify's stages (benchmarks/verify_stages.py), each as a multiple of the replay of the same log:
# reported.
TARGETS += [(f"verify.stage.{k}", "verify.replay", None, "max")
            for k in (*VS.STAGES, VS.INSTRUMENTATION)]
# The server (benchmarks/serve_figures.py): a command against the direct path plus one round trip;
# the rate of 4 and 16 games at once against one game's (reported).
TARGETS += [("serve.command", "serve.direct_plus_roundtrip", 2.0, "max"),
            ("serve.games.4", "serve.games.1", None, "min"),
            ("serve.games.16", "serve.games.1", None, "min")]
#: (figure, the bound in seconds on its 99th percentile, None: reported), per REPL command; the
#: server's.
P99_BOUNDS = [("repl.step", 0.020), ("repl.back", 0.020), ("repl.goto", 0.020),
              ("serve.command", None), ("serve.push", None)]
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
        out["targets"].append(_judged(a, b, ratio, bound, kind))
    out["targets"] += _p99(out["figures"])
    return out


def _judged(a: str, b: str, ratio: float, bound: float | None, kind: str) -> dict:
    """One target's row; a bound of None is a ratio reported, not judged (``met`` None)."""
    met = None if bound is None else ratio >= bound if kind == "min" else ratio <= bound
    return {"figure": a, "against": b, "ratio": ratio, "bound": bound, "kind": ">=" if kind == "min" else "<=",
            "met": met}


def _p99(figures: dict) -> list[dict]:
    """The absolute bounds on a figure's 99th percentile (seconds), from the stored figures."""
    return [{"figure": name, "against": "p99 (s)", "ratio": figures[name]["p99_s"], "bound": bound,
             "kind": "<=", "met": None if bound is None else figures[name]["p99_s"] <= bound}
            for name, bound in P99_BOUNDS if "p99_s" in figures.get(name, {})]


def retarget(res: dict) -> dict:
    """A stored result's targets recomputed with today's TARGETS from its figures (medians and rates)."""
    figs = res["figures"]
    sizes = [int(k[3:]) for k in figs if k.startswith("at.") and k[3:].isdigit()]
    names = {"big": max(sizes), "small": min(sizes),
             "zbig": max(res["config"]["zone_hexes"]), "zsmall": min(res["config"]["zone_hexes"])}
    out = []
    for a, b, bound, kind in TARGETS:
        a, b = a.format(**names), b.format(**names)
        if a in figs and b in figs:
            fa, fb = figs[a], figs[b]
            ratio = (fa["rate_per_s_median"] / fb["rate_per_s_median"] if kind == "min"
                     else fa["median_s"] / fb["median_s"])
            out.append(_judged(a, b, ratio, bound, kind))
    return {**res, "targets": out + _p99(figs)}


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
        mark = "    " if t["met"] is None else "ok  " if t["met"] else "MISS"
        bound = "reported" if t["bound"] is None else f"target {t['kind']} {t['bound']}"
        value = f"{t['ratio'] * 1e3:.2f} ms" if t["against"] == "p99 (s)" else f"{t['ratio']:.2f}"
        lines.append(f"  {mark} {t['figure']} / {t['against']} = {value} ({bound})")
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
        p99 = t["against"] == "p99 (s)"
        against = "p99" if p99 else f"`{t['against']}`"
        value = f"{t['ratio'] * 1e3:.2f} ms" if p99 else f"{t['ratio']:.2f}"
        bound = "" if t["bound"] is None else f"{t['kind']} {t['bound'] * 1e3:g} ms" if p99 else \
            f"{t['kind']} {t['bound']}"
        met = "reported" if t["met"] is None else "yes" if t["met"] else "**no**"
        out.append(f"| `{t['figure']}` / {against} | {value} | {bound} | {met} |")
    return "\n".join(out)
