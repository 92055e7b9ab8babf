"""Harness 8, joint dice (engine/joint.py): no lone holder rolls, and a false share is named.

Each trial creates a bridgehead game whose dice are joint between 2 or 3
holders (random secrets), begins the attrition, and then:

- every holder alone, and every coalition missing one holder, tries to roll:
  it must be refused with nothing written; one holder alone forks the game and
  tries to roll in the fork (a peek at the roll): refused too;
- a random holder rolls with the others' shares given in the command; in half
  the trials one of them gives a false share;
- the roll is undone by a referee and redone: the same DieRolled, shares and all;
- every holder reveals its own secret; verify must pass an honest game and name
  the liar and the seq of its first false share (the undone roll) in the others;
- on a copy of an honest game a forger replaces one share (with the face it
  gives, so only the share is false) or the face, and rebuilds the hash chain:
  verify must name the holder and seq, or the seq of the face.

``other_secret_changes_face_pct`` is the share of keys whose face changes when
only one holder's secret changes (about 90 % for a d10: the faces are independent).
"""
from __future__ import annotations

import random
import shutil
import sqlite3
import tempfile
import time
from itertools import combinations
from pathlib import Path

import msgspec

from turnlog.engine import joint as J
from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition, RevealSeed, RollAttritionDie
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.game import DieRolled

from .common import SCENARIO
from .forge import COLS_BY_FORMAT, _rehash3

ZONE = "WA/western/0505"
NAMES = ("AX", "AL", "REF")


def _refused(path: Path, secrets: list[bytes]) -> bool:
    """Opened with only ``secrets``, the roll is refused and the log is as it was."""
    with Game.open(path, secrets=secrets) as g:
        last = g.log.last()
        try:
            g.execute(RollAttritionDie(procedure="A1"))
        except RuleViolation as err:
            return "needs the share" in err.message and g.log.last() == last
        return False


def _fork_refused(path: Path, secret: bytes, to: Path) -> bool:
    with Game.open(path, secrets=[secret]) as g, g.fork(g.state.seq, to) as f:
        try:
            f.execute(RollAttritionDie(procedure="A1"))
        except RuleViolation:
            return True
        return False


def _roll(g: Game) -> tuple[int, DieRolled]:
    return next((s, e) for s, e in reversed(g.events()) if isinstance(e, DieRolled))


def _rechain(path: Path, seq: int, change) -> None:
    """Edit the JSON of one row and recompute every hash from it on, as a forger who knows the chain would."""
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        for (name,) in conn.execute("SELECT name FROM sqlite_master WHERE type='trigger'").fetchall():
            conn.execute(f"DROP TRIGGER {name}")
        rows = conn.execute(f"SELECT {COLS_BY_FORMAT[3]} FROM events ORDER BY seq").fetchall()
        conn.execute("BEGIN")
        prev = rows[seq - 2][6]
        for row in rows[seq - 1:]:
            data = row[4]
            if row[0] == seq:
                ev = msgspec.json.decode(data)
                change(ev)
                data = msgspec.json.encode(ev).decode()
            prev = _rehash3(prev, row[0], row, data)
            conn.execute("UPDATE events SET data = ?, hash = ? WHERE seq = ?", (data, prev, row[0]))
        conn.execute("COMMIT")
    finally:
        conn.close()


def _trial(rng: random.Random, d: Path, n: int, fig: dict) -> None:
    names = NAMES[:rng.choice((2, 3))]
    secrets = {h: rng.randbytes(32) for h in names}
    path = d / f"j{n}.db"
    with Game.create(path, S.load(SCENARIO), joint=secrets) as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    for h in names:
        fig["lone_holder_trials"] += 1
        fig["lone_holder_refused"] += _refused(path, [secrets[h]])
    for group in combinations(names, len(names) - 1):
        fig["coalition_short_of_one_trials"] += 1
        fig["coalition_short_of_one_refused"] += _refused(path, [secrets[h] for h in group])
    fig["fork_peek_refused"] += _fork_refused(path, secrets[rng.choice(names)], d / f"peek{n}.db")
    roller = rng.choice(names)
    others = [h for h in names if h != roller]
    liar = rng.choice(others) if rng.random() < 0.5 else None
    with Game.open(path, secrets=[secrets[roller]]) as g:
        key = f"attrition/t{g.state.turn.turn}/AX/{ZONE}"
        shares = {h: (rng.randbytes(32).hex() if h == liar else J.share(secrets[h], key)) for h in others}
        g.execute(RollAttritionDie(procedure="A1", shares=shares))
        first_seq, first = _roll(g)
        g.undo(override=True, referee="harness")
        g.redo()
        seq, again = _roll(g)
        fig["undo_redo_same_roll"] += again == first
    for h in names:
        with Game.open(path, secrets=[secrets[h]]) as g:
            g.execute(RevealSeed())
    with Game.open(path, secrets=[]) as g:
        rep = verify(g)
    if liar:
        fig["false_shares_given"] += 1
        bad = rep.joint.bad_share
        fig["false_shares_named"] += (not rep.ok and bad is not None and (bad.holder, bad.seq) == (liar, first_seq))
        return
    fig["honest_games"] += 1
    fig["honest_games_verified"] += rep.ok
    _forgeries(rng, path, d / f"f{n}.db", names, seq, fig)


def _forgeries(rng: random.Random, path: Path, copy: Path, names, seq: int, fig: dict) -> None:
    die = S.load(SCENARIO).die
    forged = rng.choice(names)

    def share(ev):  # another share for one holder, with the face the shares then give
        ev["shares"][forged] = rng.randbytes(32).hex()
        ev["value"] = J.face(ev["shares"], names, ev["key"], die)
    for kind, change in (("share", share), ("face", lambda ev: ev.update(value=(ev["value"] + 1) % die.sides))):
        shutil.copyfile(path, copy)
        _rechain(copy, seq, change)
        with Game.open(copy, secrets=[]) as g:
            rep = verify(g)
        fig[f"forged_{kind}s"] += 1
        hit = not rep.ok and rep.first_bad_seq == seq
        if kind == "share":
            hit = hit and rep.joint.bad_share is not None and rep.joint.bad_share.holder == forged
        fig[f"forged_{kind}s_named"] += hit
        copy.unlink()


def run(large: bool = False, games: int | None = None, seed: int = 8, workdir: Path | None = None) -> dict:
    games = games or (200 if large else 6)
    rng = random.Random(seed)
    keys = ["lone_holder_trials", "lone_holder_refused", "coalition_short_of_one_trials",
            "coalition_short_of_one_refused", "fork_peek_refused", "undo_redo_same_roll", "honest_games",
            "honest_games_verified", "false_shares_given", "false_shares_named", "forged_shares",
            "forged_shares_named", "forged_faces", "forged_faces_named"]
    fig: dict = {"games": games, **{k: 0 for k in keys}}
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        for n in range(games):
            _trial(rng, Path(tmp), n, fig)
    a, b = rng.randbytes(32), rng.randbytes(32)
    other, die = rng.randbytes(32), S.load(SCENARIO).die
    ks = [f"k{i}" for i in range(2000)]
    changed = sum(J.face({"AX": J.share(a, k), "AL": J.share(b, k)}, ["AX", "AL"], k, die)
                  != J.face({"AX": J.share(a, k), "AL": J.share(other, k)}, ["AX", "AL"], k, die) for k in ks)
    fig["other_secret_changes_face_pct"] = round(100 * changed / len(ks), 1)
    fig["seconds"] = round(time.perf_counter() - t0, 1)
    return fig


def headline(fig: dict) -> list[str]:
    """What is off among the figures that must be all-or-nothing."""
    pairs = [("lone_holder_refused", "lone_holder_trials"),
             ("coalition_short_of_one_refused", "coalition_short_of_one_trials"), ("fork_peek_refused", "games"),
             ("undo_redo_same_roll", "games"), ("honest_games_verified", "honest_games"),
             ("false_shares_named", "false_shares_given"), ("forged_shares_named", "forged_shares"),
             ("forged_faces_named", "forged_faces")]
    return [f"{a} = {fig[a]}/{fig[b]}" for a, b in pairs if fig[a] != fig[b]]
