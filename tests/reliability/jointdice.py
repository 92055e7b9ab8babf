"""Harness 8, joint dice with signed shares (engine/joint_keys.py): no lone holder rolls, no false share passes.

Each trial creates a bridgehead game whose dice are joint between 2 or 3 holders (RSA keys from a pool
drawn once per run), begins the attrition, and then:

- every holder alone, and every coalition missing one holder, tries to roll: it must be refused with
  nothing written; one holder alone forks the game and tries to roll in the fork: refused too;
- a random holder rolls; first with a false share for another holder (made up, another holder's
  signature, the right holder's share for another roll, or for the fork): each must be refused at play,
  nothing written; then with the others' real shares;
- the roll is undone by a referee and redone: the same DieRolled, shares and all;
- verify must pass the honest game with no secret revealed;
- a rogue client that skips the share check logs a made-up share through the log's own append (chain
  intact): verify must name its seq and blame the actor who logged it, not the holder;
- on a copy of the honest game a forger replaces one share (with the face it gives) or the face, and
  rebuilds the hash chain: verify must name the holder and seq, or the seq of the face.

``other_holder_changes_face_pct`` is the share of keys whose face changes when only one holder's key
changes (about 90 % for a d10: the faces are independent).
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

from turnlog.engine import commands as c
from turnlog.engine import dice as D
from turnlog.engine import joint as J
from turnlog.engine import joint_keys as K
from turnlog.engine import scenario as S
from turnlog.engine.commands import BeginAttrition, RollAttritionDie
from turnlog.engine.errors import RuleViolation
from turnlog.engine.game import Game, settle
from turnlog.engine.verify import verify, verify_path
from turnlog.events.codec import encode
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
    with Game.open(path, secrets=[secret]) as g, g.fork(g.state.seq, to, with_seed=True) as f:
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


def _trial(rng: random.Random, d: Path, n: int, fig: dict, pool: list[bytes]) -> None:
    names = NAMES[:rng.choice((2, 3))]
    secrets = dict(zip(names, rng.sample(pool, len(names))))
    path = d / f"j{n}.db"
    with Game.create(path, S.load(SCENARIO), joint=secrets) as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
        game_id = g.state.game_id
    for h in names:
        fig["lone_holder_trials"] += 1
        fig["lone_holder_refused"] += _refused(path, [secrets[h]])
    for group in combinations(names, len(names) - 1):
        fig["coalition_short_of_one_trials"] += 1
        fig["coalition_short_of_one_refused"] += _refused(path, [secrets[h] for h in group])
    fig["fork_peek_refused"] += _fork_refused(path, secrets[rng.choice(names)], d / f"peek{n}.db")
    roller = rng.choice(names)
    others = [h for h in names if h != roller]
    with Game.open(path, secrets=[secrets[roller]]) as g:
        key = _key(g)
        target = rng.choice(others)
        for lie in (_made_up(rng, secrets[target]), K.share(secrets[roller], game_id, key),
                    K.share(secrets[target], game_id, key + "/other"), K.share(secrets[target], "ab" * 16, key)):
            fig["false_shares_given"] += 1
            fig["false_shares_refused_at_play"] += _refused_share(g, {target: lie})
        g.execute(RollAttritionDie(procedure="A1", shares={h: K.share(secrets[h], game_id, key) for h in others}))
        _first_seq, first = _roll(g)
        g.undo(override=True, referee="harness")
        g.redo()
        seq, again = _roll(g)
        fig["undo_redo_same_roll"] += again == first
    with Game.open(path, secrets=[]) as g:
        rep = verify(g)
    fig["honest_games"] += 1
    fig["honest_games_verified"] += rep.ok
    _rogue(rng, d / f"r{n}.db", secrets, roller, target, fig)
    _forgeries(rng, path, d / f"f{n}.db", names, seq, fig)


def _made_up(rng: random.Random, der: bytes) -> str:
    return rng.randbytes(len(K.public(der)) // 2).hex()


def _refused_share(g: Game, shares: dict) -> bool:
    last = g.log.last()
    try:
        g.execute(RollAttritionDie(procedure="A1", shares=shares))
    except RuleViolation as err:
        return "whoever supplied it gave a false share" in err.message and g.log.last() == last
    return False


class _Rogue(J.JointDice):
    """A client that skips the share check and logs whatever share it is given."""

    def _theirs(self, h, key, rule):
        return self.given.get(h)


def _rogue(rng: random.Random, path: Path, secrets: dict, roller: str, target: str, fig: dict) -> None:
    """A game whose roller's client skips the share check: it logs a made-up share of ``target``."""
    with Game.create(path, S.load(SCENARIO), joint=secrets) as g:
        g.execute(BeginAttrition(attacker="AX", zone=ZONE))
    with Game.open(path, secrets=[secrets[roller]]) as g:
        key, cmd = _key(g), RollAttritionDie(procedure="A1")
        given = {h: _made_up(rng, s) if h == target else K.share(s, g.state.game_id, key)
                 for h, s in secrets.items() if h != roller}
        done = settle(g.state, g.decide(g.state, cmd, _Rogue(g.state, {roller: secrets[roller]}, given, None)))
        rows = [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]
        _cid, seqs = g.log.append(rows, expected_seq=g.log.last()[0], actor=roller,
                                  command_type="RollAttritionDie", payload=c.encode(cmd).decode())
    rep = verify_path(path)
    bad = rep.joint.bad_share
    fig["rogue_shares_logged"] += 1
    fig["rogue_shares_named"] += (not rep.ok and rep.first_bad_seq == seqs[0] and bad is not None
                                  and (bad.holder, bad.supplier) == (target, roller))


def _key(g: Game) -> str:
    return f"attrition/t{g.state.turn.turn}/AX/{ZONE}"


def _forgeries(rng: random.Random, path: Path, copy: Path, names, seq: int, fig: dict) -> None:
    die = S.load(SCENARIO).die
    forged = rng.choice(names)

    def share(ev):  # another share for one holder, with the face the shares then give
        ev["shares"][forged] = rng.randbytes(len(ev["shares"][forged]) // 2).hex()
        ev["value"] = D.face(K.mixed(ev["shares"], names), ev["key"], die)
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
            "coalition_short_of_one_refused", "fork_peek_refused", "false_shares_given",
            "false_shares_refused_at_play", "undo_redo_same_roll", "honest_games", "honest_games_verified",
            "rogue_shares_logged", "rogue_shares_named", "forged_shares", "forged_shares_named", "forged_faces",
            "forged_faces_named"]
    fig: dict = {"games": games, **{k: 0 for k in keys}}
    t0 = time.perf_counter()
    pool = [K.new_key() for _ in range(5)]  # an RSA key takes half a second: a pool, each game its own pick
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        for n in range(games):
            _trial(rng, Path(tmp), n, fig, pool)
    a, b, other, die = pool[0], pool[1], pool[2], S.load(SCENARIO).die
    game, ks = "cd" * 16, [f"k{i}" for i in range(300)]

    def roll(x: bytes, y: bytes, k: str) -> int:
        return D.face(K.mixed({"AX": K.share(x, game, k), "AL": K.share(y, game, k)}, ["AX", "AL"]), k, die)
    changed = sum(roll(a, b, k) != roll(a, other, k) for k in ks)
    fig["other_holder_changes_face_pct"] = round(100 * changed / len(ks), 1)
    fig["seconds"] = round(time.perf_counter() - t0, 1)
    return fig


def headline(fig: dict) -> list[str]:
    """What is off among the figures that must be all-or-nothing."""
    pairs = [("lone_holder_refused", "lone_holder_trials"),
             ("coalition_short_of_one_refused", "coalition_short_of_one_trials"), ("fork_peek_refused", "games"),
             ("false_shares_refused_at_play", "false_shares_given"), ("undo_redo_same_roll", "games"),
             ("honest_games_verified", "honest_games"),
             ("rogue_shares_named", "rogue_shares_logged"), ("forged_shares_named", "forged_shares"),
             ("forged_faces_named", "forged_faces")]
    return [f"{a} = {fig[a]}/{fig[b]}" for a, b in pairs if fig[a] != fig[b]]
