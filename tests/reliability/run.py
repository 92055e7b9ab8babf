"""Run the reliability harnesses and print their figures: ``python -m tests.reliability.run [--large]``.

Without --large each harness runs at the CI scale of tests/reliability/test_reliability_*.py;
with --large at the scale docs/reliability.md reports. --json writes every
figure with the date and the machine; --only picks harnesses by name.
Exit status 1 if a harness raised or a headline figure is off. The ``*_format2``
harnesses run the same checks on an old format-2 file (still read, verified and
appended to): the crash, I/O-fault and tamper harnesses depend on the format.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import sqlite3
import sys
import time
import traceback
from functools import partial

from . import (badinput, concurrent, crash, determinism, fairplay, fuzz, iofaults, jointdice, pgstore,
               playthrough, rogue, tamper)

HARNESSES = {
    "crash": crash.run, "concurrent": concurrent.run, "tamper": tamper.run, "fuzz": fuzz.run,
    "badinput": badinput.run, "iofaults": iofaults.run, "determinism": determinism.run,
    "crash_format2": partial(crash.run, log_format=2), "tamper_format2": partial(tamper.run, log_format=2),
    "iofaults_format2": partial(iofaults.run, log_format=2),
    "jointdice": jointdice.run, "crash_create": crash.run_create, "pgstore": pgstore.run_scaled,
    "rogue": rogue.run,
    "fairplay": fairplay.run,
    "bots": playthrough.run,
}


def base(name: str) -> str:
    """The harness a runner entry is ("tamper_format2" is "tamper" on an old file)."""
    return name.split("_format")[0]


def headline_ok(name: str, fig: dict) -> list[str]:
    """The figures the issue asks to be 0 / 100% / ok; return what is off."""
    off = []
    name = base(name)

    def want(cond: bool, what: str) -> None:
        if not cond:
            off.append(what)
    if name == "fairplay":
        want(not fig["worked"] and fig["honest_verified"], f"cheats that worked: {fig['worked']}")
    elif name == "crash":
        for k in ("torn_commands", "acked_events_lost", "acked_events_altered", "gaps", "integrity_not_ok",
                  "chain_broken", "replay_differs", "reopen_failed"):
            want(fig[k] == 0, f"{k} = {fig[k]}")
    elif name == "crash_create":
        for k in ("zero_event_games", "games_without_seed", "games_not_verifying_or_wrong_seed", "tracebacks"):
            want(fig[k] == 0, f"{k} = {fig[k]}")
        want(not fig["problems"], f"{len(fig['problems'])} problems")
    elif name == "concurrent":
        want(fig["duplicate_seqs"] == fig["missing_seqs"] == 0, "duplicate or missing seqs")
        want(fig["events_stored_equals_successful"], "events stored != successful appends")
        want(fig["integrity"] == "ok" and fig["chain_bad_seq"] is None, "integrity/chain")
    elif name == "tamper":
        want(fig["chain_detected_pct"] == fig["chain_named_exactly_pct"] == 100.0, "chain below 100%")
    elif name == "badinput":
        known = sum(1 for c in badinput.CASES if c.known_bug)
        want(fig["all_three_ok"] + known >= fig["cases"], f"{fig['cases'] - fig['all_three_ok']} cases fail "
                                                         f"({known} known bugs)")
        for k in ("tracebacks", "hangs", "replaced_non_regular_files", "leaked_secrets"):
            want(fig[k] == 0, f"{k} = {fig[k]}")
    elif name == "iofaults":
        f = fig["faults"]
        for k in ("surfaced", "nothing_stored", "no_torn_command", "integrity_ok", "chain_ok", "live_equals_log"):
            want(f[k] == f["faults"], f"faults.{k} = {f[k]}/{f['faults']}")
        d = fig["full_disk"]
        for k in ("nothing_stored", "no_torn_command", "integrity_ok", "chain_ok", "live_equals_log"):
            want(d[k] == d["full_disk_errors"], f"full_disk.{k} = {d[k]}/{d['full_disk_errors']}")
        want(not fig["snapshot_fault"]["committed_but_raised"], "a failed snapshot failed a committed command")
        want(not fig["double_fault"]["live_shows_uncommitted"] and fig["double_fault"]["next_command"] == "ok",
             "a double fault left the game stuck")
        cd = fig["cli_full_disk"]
        for k in ("exit_1", "message_says_full", "nothing_stored", "integrity_ok"):
            want(cd[k] == cd["cases"], f"cli_full_disk.{k} = {cd[k]}/{cd['cases']}")
        want(cd["tracebacks"] == 0, f"cli_full_disk.tracebacks = {cd['tracebacks']}")
        lim = fig.get("cli_file_limit") or {}
        for k in ("exit_1", "names_the_file", "says_disk", "nothing_left"):
            want(lim.get(k, 0) == lim.get("cases", 0), f"cli_file_limit.{k} = {lim.get(k)}/{lim.get('cases')}")
        want(lim.get("tracebacks", 0) == 0, f"cli_file_limit.tracebacks = {lim.get('tracebacks')}")
    elif name == "determinism":
        want(fig["mismatches"] == 0, f"{fig['mismatches']} mismatches")
    elif name == "jointdice":
        off += jointdice.headline(fig)
    elif name == "pgstore":
        off += pgstore.headline(fig)
    elif name == "rogue":
        off += rogue.headline(fig)
    elif name == "bots":
        off += playthrough.headline(fig)
    return off


def machine() -> dict:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return {"date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "cpu": cpu,
            "cores": os.cpu_count(), "os": platform.platform(), "python": platform.python_version(),
            "sqlite": sqlite3.sqlite_version}


def _show(value, indent: str = "  ") -> None:
    for k, v in value.items():
        if isinstance(v, dict) and k != "by_class":
            print(f"{indent}{k}:")
            _show(v, indent + "  ")
        elif k == "by_class":
            print(f"{indent}by class (trials / chain detected / chain exact / verify detected / verify exact "
                  f"/ open failed / cli exact / anchored cli exact):")
            for kind, c in v.items():
                print(f"{indent}  {kind:22} {c['trials']:>4} {c['chain_detected']:>4} {c['chain_named_exactly']:>4}"
                      f" {c['verify_detected']:>4} {c['verify_named_exactly']:>4} {c['verify_open_failed']:>4}"
                      f" {c['cli_named_exactly']:>4} {c.get('anchored_named_exactly', 0):>4}")
        elif isinstance(v, list) and v and isinstance(v[0], str) and len(str(v)) > 100:
            print(f"{indent}{k}:")
            for item in v:
                print(f"{indent}  - {item}")
        else:
            print(f"{indent}{k}: {v}")


def markdown(out: dict) -> str:
    """The figures as the markdown docs/reliability.md keeps (paste it over the "Last large run" section)."""
    m, h = out["machine"], out["harnesses"]
    lines = [f"Run {m['date']} on {m['cpu']} ({m['cores']} cores), {m['os']}, Python {m['python']}, "
             f"SQLite {m['sqlite']}; {'large' if out['large'] else 'CI'} scale.", ""]

    def table(title: str, rows: list[tuple[str, object]]) -> None:
        lines.extend([f"**{title}**", "", "| figure | value |", "|---|---|"])
        lines.extend(f"| {k} | {v} |" for k, v in rows)
        lines.append("")
    skip = {"problems", "by_class", "open_failures", "failing", "first_mismatches", "headline", "by_mutation",
            "missed_cases", "false_alarms", "errors", "open_classes", "by_store", "live",
            "by_mutation_store"}
    for name, fig in h.items():
        if "error" in fig:
            table(name, [("error", fig["error"])])
            continue
        flat, groups = [], {}
        for k, v in fig.items():
            if k in skip:
                continue
            items = v.items() if isinstance(v, dict) else [(None, v)]
            for k2, v2 in items:
                key = k if k2 is None else f"{k}.{k2}"
                if k2 in skip:
                    continue
                if ":" in key:  # counters such as cmd:MoveUnit go on one line per prefix
                    head, tail = key.split(":", 1)
                    if head not in groups:
                        groups[head] = []
                        flat.append((head, groups[head]))
                    groups[head].append(f"{tail} {v2}")
                else:
                    flat.append((key, v2))
        flat = [(k, ", ".join(v) if isinstance(v, list) and k in groups else v) for k, v in flat]
        table(f"{name} — {fig.get('headline', '')}", flat)
        if base(name) == "tamper":
            lines += ["| class | trials | chain detected | chain exact | chain next row | verify detected | "
                      "verify exact | Game.open failed | CLI exact | CLI traceback | CLI --anchor exact |",
                      "|---" * 11 + "|"]
            for kind, c in fig["by_class"].items():
                lines.append(f"| {kind} | {c['trials']} | {c['chain_detected']} | {c['chain_named_exactly']} | "
                             f"{c['chain_named_next_row']} | {c['verify_detected']} | {c['verify_named_exactly']} | "
                             f"{c['verify_open_failed']} | {c['cli_named_exactly']} | {c['cli_traceback']} | "
                             f"{c.get('anchored_named_exactly', 0)} |")
            lines.append("")
        if base(name) == "rogue":
            lines += rogue.markdown(fig)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.reliability.run", description=__doc__.splitlines()[0])
    p.add_argument("--large", action="store_true", help="the scale docs/reliability.md reports")
    p.add_argument("--only", help="comma-separated harness names: " + ", ".join(HARNESSES))
    p.add_argument("--json", help="write all figures (and the machine) to this file")
    p.add_argument("--markdown", help="write the figures as markdown tables to this file")
    p.add_argument("--show-missed", metavar="DIR", help="rogue: write each rogue log verify did not name at its "
                                                         "seq into DIR as a game file, with MISSED.txt")
    args = p.parse_args(argv)
    if args.show_missed:
        HARNESSES["rogue"] = partial(rogue.run, show_missed=args.show_missed)
    names = args.only.split(",") if args.only else list(HARNESSES)
    out = {"machine": machine(), "large": args.large, "harnesses": {}}
    status = 0
    print(f"turnlog reliability harnesses ({'large' if args.large else 'CI'} scale) — {out['machine']['date']}, "
          f"{out['machine']['cpu']} x{out['machine']['cores']}, Python {out['machine']['python']}, "
          f"SQLite {out['machine']['sqlite']}")
    for name in names:
        t0 = time.perf_counter()
        print(f"\n== {name} ==", flush=True)
        try:
            fig = HARNESSES[name](large=args.large)
        except Exception as exc:  # a harness that raises is a failed harness, not a crashed runner
            traceback.print_exc()
            out["harnesses"][name] = {"error": f"{type(exc).__name__}: {exc}"}
            status = 1
            continue
        fig.setdefault("seconds", round(time.perf_counter() - t0, 1))
        off = headline_ok(name, fig)
        fig["headline"] = "ok" if not off else "OFF: " + "; ".join(off)
        status |= bool(off)
        out["harnesses"][name] = fig
        _show(fig)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=1, sort_keys=False, default=str)
        print(f"\nfigures written to {args.json}")
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(markdown(out) + "\n")
        print(f"markdown written to {args.markdown}")
    return status


if __name__ == "__main__":
    sys.exit(main())
