"""`turnlog demo`: play each bundled scenario's script, verify it, say what it shows.

First one line per example says what it shows, then one line each gives its verdict; `--narrative`
prints every event with its rules and the board at the key points, then the whole verify report.

The demo writes only into its own folder and replaces only games an earlier demo wrote (their log commits
to the demo's published seed): a user's file of the same name is refused, never overwritten.
"""
from __future__ import annotations

import io
import os
import sys
from importlib import resources
from pathlib import Path

import msgspec

from turnlog.events.log import LogError

from ...errors import CommandError
from ...game import Game
from .args import DEMOS
from .. import terminal as T
from .play import play_lines, printable_text, report_text


#: What each worked example shows, in one line, printed before any is played (WaR: Wacht am
#: Rhein II; WiF: World in Flames).
SHOWS = {
    "bridgehead-14-65": "attrition of an invasion bridgehead, lost whatever losses are chosen (14.65)",
    "key-hex-14-62": "three attritions of key hexes, held or lost by the losses chosen (14.62)",
    "ctl-examples-14-43": "the CTL modifier: the largest group, a tie, a partly supplied unit (14.43)",
    "eastern-front-winter": "Russian winter: the capped modifier, the Pact line's zones (14.42C, 14.211)",
    "ridge-line-9": "WaR II attack designation: hexes that must be attacked (9.x; INVENTED map)",
    "river-town-11-16-5": "WiF land combat: table, dice, losses, kampfgruppen (11.16.5; INVENTED tables)",
    "hedgerow-assault": "Panzer Campaigns assault: values, results, retreats (AS-*; INVENTED data)",
}


def cmd_demo(args) -> int:
    """Play each example into its own game file and verify it: a line each, or the narrative."""
    out = Path(args.dir)
    if out.exists() and not out.is_dir():
        raise CommandError(f"--dir: {out} is a file, not a folder")
    out.mkdir(parents=True, exist_ok=True)
    names = [args.scenario] if args.scenario else list(DEMOS)
    demo_seed = bytes.fromhex(DEMO_SEED)
    # Decide for every file before writing any: the demo replaces only games an earlier demo wrote.
    replacing = [db for db in (out / f"{n}.db" for n in names) if _demo_target(db, demo_seed)]
    for db in replacing:
        T.say(f"replacing {db} (a game an earlier `turnlog demo` wrote)")
    long = bool(getattr(args, "narrative", False))
    T.say(f"turnlog demo: {len(names)} worked example{'s' if len(names) != 1 else ''}, each played "
          f"by its script into a game file in {out} and verified:")
    for name in names:
        T.say(f"  {name:<21} {SHOWS[name]}")
    if not long:
        T.say("(`turnlog demo --narrative` prints every event with its rule, and the board at "
              "the key points)")
    status = 0
    for name in names:
        rc = _play(name, out / f"{name}.db", demo_seed, long)
        if rc > 1:
            return rc
        status |= rc
    db = out / f"{names[0]}.db"
    print()
    T.say(f"the logs are kept; try: turnlog log --db {db}, turnlog show --db {db}, "
          f"turnlog repl --db {db}")
    return status


def _play(name: str, db: Path, demo_seed: bytes, long: bool) -> int:
    """Play one example's script beside db, verify it, move it onto db; 1 if it does not verify."""
    from ... import scenario as S  # the parser: only the commands that read a scenario
    from ...verify import verify
    sc = S.load(name)
    sink = sys.stdout if long else io.StringIO()  # the narrative, printed only when asked for
    if long:
        print(f"\n=== {name}: {sc.name} ===")
        if sc.description:
            print(sc.description)
    tmp = db.parent / f".{name}.demo-{os.getpid()}.db"
    try:
        with Game.create(tmp, sc, seed=demo_seed, public_seed=True) as g:
            folder = resources.files("turnlog.engine.scenarios")
            script = folder.joinpath(f"{name}.jsonl").read_text()
            rc = play_lines(g, script.splitlines(), out=sink,
                            after=lambda cmd: _demo_board(g, cmd, sink))
            if rc:
                return rc
            _demo_board(g, None, sink)
            rep = verify(g)
            report = report_text(rep)
            seq = g.state.seq
        for suffix in ("-wal", "-shm"):  # the old demo game's, if a crash left them
            Path(str(db) + suffix).unlink(missing_ok=True)
        os.replace(D_seed(tmp), D_seed(db))
        os.replace(tmp, db)
    finally:
        for suffix in ("", "-wal", "-shm", ".seed"):
            Path(str(tmp) + suffix).unlink(missing_ok=True)
    if long or not rep.ok:
        print(report)
    else:
        T.say(f"{name}: {seq} events in {db}; {report.splitlines()[-1]}")
    return 0 if rep.ok else 1


#: A unit's changes in diff (engine/faces/diff.py) that count as a loss: the board is shown after one.
_LOSSES = frozenset({"eliminated", "to pool", "factors", "strength"})


def _key_point(g: Game, cmd) -> str:
    """What the last command did that the demo shows the board after: a roll, losses, moves, or ''.

    Read from its events and the view's diff, so every kind's rolls and losses count, unnamed
    (a move: a unit moved by a command other than the host's MoveUnit, a reported result).
    """
    from .. import diff as D
    from ...commands import MoveUnit
    _cid, _a, _t, _p, _ts, first, last = g.log.commands()[-1]
    rolled = any(type(ev).__name__ == "DieRolled" for _s, _c, ev, _auto in g.rows(first, last))
    units = D.diff(g.at(first - 1), g.state).units
    lost = any(c.kind in _LOSSES for c in units)
    moved = not isinstance(cmd, MoveUnit) and any(c.kind == "moved" for c in units)
    return " and ".join(w for w, on in (("the roll", rolled), ("the losses", lost),
                                         ("the moves", moved and not lost)) if on)


def _demo_board(g: Game, cmd, out) -> None:
    """Print the board as text after a roll, a loss or a move (``cmd`` None: at the script's end)."""
    what = "at the end" if cmd is None else _key_point(g, cmd)
    if what:
        when = what if cmd is None else f"after {what}"
        print(f"--- the board {when} (seq {g.state.seq}) ---", file=out)
        from ..board_text import board_text
        print(printable_text(board_text(g.state)), file=out)


def D_seed(db: Path) -> Path:
    from ...dice import seed_path
    return seed_path(db)


def _demo_target(db: Path, demo_seed: bytes) -> bool:
    """True if ``db`` is a demo game to replace, False if nothing is there; refuse anything else.

    A demo game is one whose log commits to the demo's published seed, with that seed (or none)
    beside it: the user's own games, seeds and files of the same name are never touched.
    """
    from turnlog.events.log import EventLog
    from ...dice import commitment, read_seed
    seed_file = D_seed(db)
    if not db.exists() and not seed_file.exists():
        return False
    why = "it is not a game an earlier `turnlog demo` wrote"
    if db.exists():
        try:
            with EventLog(db, readonly=True) as log:
                first = next(iter(log.rows(1, 1)), None)
            ours = first is not None and first[2] == "GameCreated" and \
                msgspec.json.decode(first[4]).get("seed_sha256") == commitment(demo_seed)
        except (LogError, OSError, msgspec.DecodeError):
            ours = False
    else:
        ours, why = False, f"no game {db.name} is beside it (a seed of another game?)"
        db = seed_file  # the refusal names the file that is there
    try:
        ours = ours and read_seed(seed_file) in (None, demo_seed)
    except (ValueError, OSError, UnicodeDecodeError):
        ours = False
    if not ours:
        raise CommandError(f"--dir: {db} already exists and {why}; the demo will not replace it: "
                           "run it with another --dir")
    return True


# The demo's seed is published so its rolls are reproducible; real games draw a secret one.
DEMO_SEED = "7475726e6c6f672064656d6f2073656564202d207075626c6963206f6e6c7921"
