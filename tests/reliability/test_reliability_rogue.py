"""The rogue-client harness at CI scale: verify names every rogue log but the known-open classes.

A small fixed selection (four command types: an attrition's opening, its roll, its retreat, the
reveal; signed and unsigned, SQLite) of tests/reliability/rogue.py. KNOWN_OPEN lists every class of
rogue log verify does not yet name at its first bad seq, and of honest log it names, each with the
reason; the test checks that the open classes are exactly these, so a class that gets fixed fails
the test until it is taken off the list, and a new hole fails it too. The goal is an empty list.
``python -m tests.reliability.run --only rogue --large`` runs every command type of every registered
kind, on PostgreSQL too (docs/reliability.md, "The rogue client").
"""

from __future__ import annotations

from reliability import rogue
from store_backends import cluster

CI_TYPES = ("BeginAttrition", "RollAttritionDie", "RetreatUnits", "RevealSeed")

#: class -> why verify does not name it today (the fix it waits for). Empty: every class is named.
KNOWN_OPEN: dict[str, str] = {}


def _check(fig: dict) -> None:
    assert fig["rogue_logs"] >= 50 and not fig["harness_errors"], fig["errors"]
    open_now = set(fig["open_classes"]) | set(fig["false_alarm_classes"])
    fixed, new = set(KNOWN_OPEN) - open_now, open_now - set(KNOWN_OPEN)
    cases = "\n".join(fig["missed_cases"] + fig["false_alarms"])
    assert not new, (
        f"new holes (verify does not name these rogue logs at their seq): {sorted(new)}\n{cases}"
    )
    assert not fixed, f"fixed, take them off KNOWN_OPEN: {sorted(fixed)}"
    assert fig["honest_logs"], "no honest log was verified"


def test_verify_names_every_rogue_log_but_the_known_open_classes(tmp_path):
    _check(rogue.run(stores=("sqlite",), only=CI_TYPES, events=4, live=False, workdir=tmp_path))


def test_verify_names_rogue_logs_the_writer_role_appends_as_on_sqlite(tmp_path):
    """The same selection through PostgreSQL's writer role: the same classes open, no schema class
    (the writer role cannot create a trigger, so those two apply to SQLite files only)."""
    fig = rogue.run(
        stores=("postgres",),
        only=("RollAttritionDie",),
        signed=(False,),
        events=2,
        live=False,
        workdir=tmp_path,
        cluster=cluster(),
    )
    assert fig["rogue_logs"] >= 20 and not fig["harness_errors"], fig["errors"]
    assert set(fig["open_classes"]) <= set(KNOWN_OPEN), fig["missed_cases"]
    assert fig["honest_logs_named"] == 0, fig["false_alarms"]
