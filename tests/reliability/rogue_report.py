"""The rogue harness's counting and output: figures, headline, markdown table, the missed files.

An Outcome's verdict (tests/reliability/rogue.py run_case) is one of named, wrong_seq, missed,
raised, n/a (the mutation does not apply to the target) or harness_error (its honest part was
refused).
"""

from __future__ import annotations

import shutil
from collections import Counter, defaultdict
from pathlib import Path

from . import rogue_games as RG

VERDICTS = ("named", "wrong_seq", "missed", "raised")


def figures(
    outcomes: list, honest: int, alarms: list[str], live: dict, targets, uncovered, donors
) -> dict:
    counted = [o for o in outcomes if o.verdict not in ("n/a", "harness_error")]
    verdicts = Counter(o.verdict for o in counted)
    by_mutation: dict[str, Counter] = defaultdict(Counter)
    by_store: dict[str, Counter] = defaultdict(Counter)
    both: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for o in counted:
        where = o.case.store + (" signed" if o.case.signed else "")
        by_mutation[o.case.mutation][o.verdict] += 1
        by_store[where][o.verdict] += 1
        both[o.case.mutation][where][o.verdict] += 1
    return {
        "rogue_logs": len(counted),
        "named_right_seq": verdicts["named"],
        "named_wrong_seq": verdicts["wrong_seq"],
        "missed": verdicts["missed"],
        "verify_raised": verdicts["raised"],
        "honest_logs_named": len(alarms) + sum(f["named"] for f in live.values()),
        "honest_logs": honest + sum(f["verifies"] for f in live.values()),
        "live": live,
        "command_types": len(RG.command_types()),
        "command_types_targeted": len(targets),
        "uncovered_types": uncovered,
        "event_types_sampled": len(donors),
        "harness_errors": sum(1 for o in outcomes if o.verdict == "harness_error"),
        "by_store": {k: dict(v) for k, v in by_store.items()},
        "by_mutation": {k: dict(v) for k, v in sorted(by_mutation.items())},
        "by_mutation_store": {
            k: {w: dict(c) for w, c in v.items()} for k, v in sorted(both.items())
        },
        "open_classes": sorted({o.case.mutation for o in counted if o.verdict != "named"}),
        "missed_cases": [o.line() for o in counted if o.verdict != "named"],
        "false_alarms": alarms,
        "false_alarm_classes": sorted(
            {a.split(":", 1)[0] for a in alarms}
            | ({"honest_live"} if any(f["named"] for f in live.values()) else set())
        ),
        "errors": [o.line() for o in outcomes if o.verdict == "harness_error"][:20],
    }


def headline(fig: dict) -> list[str]:
    """What is off: every rogue log named at its seq, no honest log named."""
    off = []
    if not fig["rogue_logs"]:
        off.append("no rogue log was written: the harness measured nothing")
    for k in ("named_wrong_seq", "missed", "verify_raised", "honest_logs_named"):
        if fig[k]:
            off.append(f"{k} = {fig[k]}")
    return off


def write_missed(outcomes: list, to: Path) -> str:
    """Copy each SQLite rogue log verify did not name at its seq into ``to``, with an index."""
    to.mkdir(parents=True, exist_ok=True)
    lines = []
    for i, o in enumerate(o for o in outcomes if o.verdict in ("missed", "wrong_seq", "raised")):
        name = (
            f"{i:03d}-{o.case.mutation}-{o.case.target.ctype}{'-signed' if o.case.signed else ''}"
        )
        if o.case.store == "sqlite" and o.path is not None and Path(o.path).exists():
            shutil.copyfile(o.path, to / f"{name}.db")
            shutil.copyfile(f"{o.path}.seed", to / f"{name}.db.seed")
            lines.append(f"{name}.db: {o.line()}")
        else:
            lines.append(f"({o.case.store}, not kept) {o.line()}")
    (to / "MISSED.txt").write_text("\n".join(lines) + "\n")
    return str(to)


def markdown(fig: dict) -> list[str]:
    """The per-mutation table and the open classes, for docs/reliability.md (run.py --markdown)."""
    stores = sorted(fig["by_store"])
    lines = ["| rogue class | " + " | ".join(stores) + " |", "|---" * (len(stores) + 1) + "|"]
    for name, per in fig["by_mutation_store"].items():
        cells = []
        for st in stores:
            c = per.get(st, {})
            n = sum(c.values())
            cells.append(
                "-"
                if not n
                else f"{c.get('named', 0)}/{n}"
                + "".join(f", {c[v]} {v.replace('_', ' ')}" for v in VERDICTS[1:] if c.get(v))
            )
        lines.append(f"| {name} | " + " | ".join(cells) + " |")
    live = "; ".join(f"{k}: {v['named']} of {v['verifies']} named" for k, v in fig["live"].items())
    lines += [
        "",
        f"Live writer (honest logs verified while another process appends): {live or 'not run'}.",
        "",
    ]
    return lines
