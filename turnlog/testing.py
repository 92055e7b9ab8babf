"""The conformance kit a kind's author calls from pytest: does the kind keep turnlog's contract?

``check_kind(make, "volley", tmp_path)`` plays games of the kind from ``legal()`` alone and fails (an
AssertionError saying what and where) unless:

* every command drawn within a choice's options (``Choice.example``) is accepted, or refused under a rule
  the choice's ``note`` names (a condition across fields the lists cannot show);
* replay from event 1 equals the live board, the state survives a dump and load, and a snapshot restores it
  (the kind's entry read back as its ``state_type``);
* a command of the kind that rolled a die is a barrier: ``undo`` refuses it under ``undo.dice-barrier`` and
  writes nothing;
* a forged row (one of the kind's events changed, appended with the hash chain intact, as a rogue client
  would) is named by ``verify`` at its seq;
* every face draws each of the kind's event types the games reached: the narrative, the text board, the SVG
  board, ``diff``, the REPL's ``why``, ``odds`` and ``legal``, and the HTML replay, whose data built event
  by event (the kind's ``view_touched`` and ``view_part``) is the data drawn from the whole board at every
  event, and stays so grown past undos of the game's last commands and their redos.

``make(folder)`` returns a new ``Game`` in that folder (a fixed seed keeps a failure reproducible). The
report lists the event types no game reached (``unseen``), for a test that wants them all.
"""
from __future__ import annotations

import io
import random
import re
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import msgspec

from turnlog.engine import kinds
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game, settle
from turnlog.events.codec import encode
from turnlog.events.game import DieRolled

__all__ = ["Report", "check_kind", "play"]


@dataclass
class Report:
    """What the conformance run saw: commands played, the kind's event types reached and not."""

    played: int = 0
    seen: dict[str, int] = field(default_factory=dict)  # event type -> a seq holding one (in some game)
    unseen: list[str] = field(default_factory=list)
    noted: list[str] = field(default_factory=list)  # refusals a choice's note foretold
    barrier: bool = False  # a roll of the kind was found and refused to undo
    forged: int = 0  # the seq verify named


def check_kind(make: Callable[[Path], Game], kind: str, tmp_path: Path, *, games: int = 3,
               steps: int = 40, seed: int = 0) -> Report:
    """Run every check on ``games`` games of ``kind`` made by ``make``; return what was seen."""
    own = kinds.kind(kind)
    report = Report()
    for n in range(games):
        folder = tmp_path / f"conformance-{kind}-{n}"
        folder.mkdir(parents=True, exist_ok=True)
        g = make(folder)
        try:
            docs, seen = play(g, kind, random.Random(seed + n), steps, report)
            _replays(g, own)
            _faces(g, seen, folder)
            report.seen.update(seen)
        finally:
            g.close()
        _forged(make, kind, docs, folder / "rogue", report)
    names = [t.__name__ for t in getattr(own, "events", ())]
    report.unseen = [t for t in names if t not in report.seen]
    assert report.played, f"{kind}: legal() offered no command of the kind that the rules accepted"
    return report


def play(g: Game, kind: str, rng: random.Random, steps: int,
         report: Report) -> tuple[list[dict], dict[str, int]]:
    """Play from ``legal()`` alone, the kind's commands first, checking every draw; return the docs played
    and, for each of the kind's event types reached, a seq holding one."""
    names = {cls.__name__ for cls in kinds.kind(kind).commands}
    types = {t.__name__ for t in getattr(kinds.kind(kind), "events", ())}
    docs: list[dict] = []
    seen: dict[str, int] = {}
    for _ in range(steps):
        good: list[dict] = []
        for offered in g.legal():
            for _try in range(3):
                doc = offered.example(rng)
                if _accepted(g, offered, doc, report):
                    good.append(doc)
        mine = [d for d in good if d["type"] in names]
        if not good or (not mine and rng.random() < 0.2):
            break
        doc = rng.choice(mine or good)
        before = g.log.last()
        appended = g.execute(doc)
        docs.append(doc)
        report.played += doc["type"] in names
        for seq, ev in appended:
            if type(ev).__name__ in types:
                seen.setdefault(type(ev).__name__, seq)
        if doc["type"] in names and any(isinstance(e, DieRolled) for _s, e in appended):
            _barrier(g, before, report)
    return docs, seen


def _accepted(g: Game, offered, doc: dict, report: Report) -> bool:
    try:
        g.decide(g.state, doc)
        return True
    except (RuleViolation, CommandError) as err:
        rule = getattr(err, "rule", "")
        noted = bool(rule) and re.search(rf"(?<![\d.]){re.escape(rule)}(?![\d.]*\d)", offered.note)
        assert noted, f"legal() offered {offered}; it drew {doc}, which was refused: {err}"
        report.noted.append(f"{offered.command}: {rule}")
        return False


def _barrier(g: Game, before: tuple, report: Report) -> None:
    """A roll of the kind is an undo barrier: refused by name, nothing written."""
    last = g.log.last()
    try:
        g.undo()
    except RuleViolation as err:
        assert err.rule == "undo.dice-barrier", f"undoing a roll was refused under {err.rule}, not the barrier"
        assert g.log.last() == last, "a refused undo wrote to the log"
        report.barrier = True
        return
    raise AssertionError(f"a command that rolled a die (after seq {before[0]}) was undone without a referee")


def _replays(g: Game, own) -> None:
    """Replay equals live; the state survives dump/load; a snapshot restores it, the kind's state as its type."""
    from turnlog.projections.state import dump, load
    assert g.at(use_snapshots=False) == g.state, "replay from event 1 differs from the live board"
    assert load(dump(g.state)) == g.state, "the live state does not survive a dump and load"
    g.snapshot()
    again = g.at()
    assert again == g.state, "the board folded from a snapshot differs from the live board"
    state_type = getattr(own, "state_type", None)
    if state_type is not None and own.name in again.kinds:
        assert isinstance(again.kinds[own.name], state_type), f"a snapshot reads {own.name} back as a dict"


def _faces(g: Game, seen: dict[str, int], folder: Path) -> None:
    """Every face draws the board after each of the kind's event types the game reached."""
    from turnlog.engine.faces import cli
    from turnlog.engine.faces import diff as D
    from turnlog.engine.faces.svg.render import board_text, render_svg
    from turnlog.engine.faces.repl import Shell
    from turnlog.projections import narrative
    for name, seq in seen.items():
        ev = g.events(seq, seq)[0][1]
        before, after = g.at(seq - 1), g.at(seq)
        assert narrative.line(ev), f"{name} at seq {seq}: the narrative says nothing"
        assert board_text(after) and render_svg(g, after), f"{name} at seq {seq}: a board drew nothing"
        D.text(D.diff(before, after), after)
        pid = getattr(ev, "procedure", "")
        out = io.StringIO()
        lines = [f"goto {seq}", f"why {seq}", f"odds {pid}" if pid else "odds", "legal", ""]
        Shell(g, stdin=io.StringIO("\n".join(lines)), stdout=out, history=None).cmdloop()
        text = out.getvalue()
        assert "internal error" not in text and "no such id" not in text, \
            f"{name} at seq {seq}: the REPL broke:\n{text}"
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()) as err:
        code = cli.main(["export", "--db", str(g.log.path), "--html", str(folder / "replay.html")])
    assert code == 0, f"the HTML replay was not written: {err.getvalue()}"
    _followed(g)


def _followed(g: Game) -> None:
    """The replay page's data built event by event (the kind's ``view_touched`` and ``view_part``, or its
    whole view at each event without them) is the data drawn from the whole board at every event; so is
    the page grown (as `turnlog serve` grows it) past undos of the game's last commands and their redos."""
    from turnlog.engine.faces.html.live import Live
    grown, undone = Live(g, {}), 0
    for _ in range(2):
        try:
            g.undo()
        except RuleViolation:
            break  # a roll's barrier, the setup: nothing more to take back
        undone += 1
    grown.grow(g, {})
    _same_steps(grown, g, f" after {undone} undo(s) of the last commands" if undone else "")
    if undone:
        for _ in range(undone):
            g.redo()
        grown.grow(g, {})
        _same_steps(grown, g, f" after the redo of {undone} command(s)")


def _same_steps(followed: Any, g: Game, when: str) -> None:
    from turnlog.engine.faces.html.live import Live
    whole = Live(g, {}, full=True).data["steps"]
    steps = followed.data["steps"]
    assert len(steps) == len(whole), f"the page grown{when} holds {len(steps)} steps, not {len(whole)}"
    for seq, (a, b) in enumerate(zip(whole, steps), 1):
        assert a == b, (f"seq {seq}{when}: the page drawn event by event shows {b[3]}, the whole board "
                        f"{a[3]}: does view_touched name every unit and board part the event changes?")


def _forged(make: Callable[[Path], Game], kind: str, docs: list[dict], folder: Path, report: Report) -> None:
    """Replay ``docs`` on a new game up to the kind's first command whose rows hold one of its events with a
    field to change; append that command's rows with the field changed, chain intact: verify names the seq."""
    from turnlog import verify_path
    own_types = tuple(getattr(kinds.kind(kind), "events", ()))
    folder.mkdir(parents=True, exist_ok=True)
    g = make(folder)
    try:
        for doc in docs:
            state = g.at()
            done = settle(state, g.decide(state, doc))
            at = next((i for i, (e, _a) in enumerate(done) if isinstance(e, own_types) and _changed(e)), None)
            if at is None:
                g.execute(doc)
                continue
            rows = [(type(e).__name__, e.version, encode(_changed(e) if i == at else e).decode(), a)
                    for i, (e, a) in enumerate(done)]
            last = g.log.last()[0]
            g.log.append(rows, expected_seq=last, actor="", command_type=doc["type"],
                         payload=msgspec.json.encode(doc).decode())
            break
        else:
            return  # no event of the kind had a field a rogue could change
    finally:
        g.close()
    rep, forged = verify_path(g.log.path), last + at + 1
    assert not rep.ok, f"verify accepted a forged {kind} row (seq {forged})"
    named = rep.first_bad_seq or (rep.discrepancy.seq if rep.discrepancy else None)
    assert named == forged, f"verify named seq {named}, not the forged row at seq {forged}: {rep.problem}"
    report.forged = forged


def _changed(ev: Any) -> Any:
    """``ev`` with one field a rogue would change (a number, a flag, then a text other than an id), or None."""
    fields = [f for f in msgspec.structs.fields(ev) if f.name not in ("procedure", "version")]
    for kinds_of in ((bool,), (int,), (str,)):
        for f in fields:
            value = getattr(ev, f.name)
            if type(value) in kinds_of:
                new = (not value) if isinstance(value, bool) else \
                    value + 1 if isinstance(value, int) else value + "-forged"
                return msgspec.structs.replace(ev, **{f.name: new})
    return None
