"""Harness "fairplay": cheating with the honest tools (the unmodified API) in a seated game.

Each case is a move a player could try against the other seat with `turnlog` itself: type her own
die, state host facts about the enemy's units, repeat or skip a player turn, peek in a fork and
decline, reveal the seed mid-game, answer her own claim. A case is *prevented* when the game refuses
it (naming a rule) or logs it only as a claim the other side must accept, and the board is
unchanged. The honest game around the cases must verify. Every case runs on each store named: game
files (SQLite), and games in a throwaway PostgreSQL cluster (tests/support/pg_cluster.py), a PG
game's seed sidecar in the harness's folder. Figures: cases tried, prevented, honest games
verifying, by store and in all."""

from __future__ import annotations

import contextlib
import tempfile
import time
from pathlib import Path

from turnlog.engine import joint as J
from turnlog.engine import scenario as S
from turnlog.engine.commands import RollAttritionDie
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.game import ClaimMade

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol", "host": "hq"}
ZONE = "WA/western/0505"
BEGIN = {"type": "BeginAttrition", "attacker": "AX", "zone": ZONE}
KEYS = [f"attrition/t{n}/AX/{ZONE}" for n in range(32)]


class Files:
    """Game files in the harness's folder."""

    name = "sqlite"

    def __init__(self, work: Path, _cluster=None):
        self.work = work

    def place(self, name: str) -> str | Path:
        return self.work / f"{name}.db"

    def stop(self) -> None:
        pass


class Database:
    """Games in one database of a PostgreSQL cluster (a throwaway one unless ``cluster`` is given)."""

    name = "postgres"

    def __init__(self, work: Path, cluster=None):
        try:
            import pg_cluster
        except ImportError:
            from tests.support import pg_cluster
        self.own, self.cluster = cluster is None, cluster or pg_cluster.Cluster()
        self.db = f"fairplay{int(time.time() * 1000) % 10**9}"
        self.cluster.createdb(self.db)

    def place(self, name: str) -> str | Path:
        return self.cluster.url(self.db, name)

    def stop(self) -> None:
        if self.own:
            self.cluster.stop()


def _game(where, begun: bool = True) -> Game:
    g = Game.create(where, S.load("bridgehead-14-65"), seats=SEATS)
    if begun:
        g.execute(BEGIN, actor="alice")
    return g


def _unit(g: Game, faction: str) -> str:
    return next(
        u.id
        for u in g.state.units.values()
        if g.state.nationalities[u.nationality].faction == faction and u.hex
    )


def _elsewhere(g: Game, uid: str) -> str:
    return next(h for h in sorted(g.state.hexes) if h != g.state.units[uid].hex)


def _try(g: Game, command, actor: str, **kw) -> str:
    """How the game answered: "refused RULE", "claim", or "accepted" (the cheat worked)."""
    board = g.at()
    try:
        done = g.undo(actor=actor, **kw) if command == "undo" else g.execute(command, actor=actor)
    except (RuleViolation, CommandError) as err:
        return f"refused {getattr(err, 'rule', 'input')}" if g.at() == board else "accepted"
    return "claim" if len(done) == 1 and isinstance(done[0][1], ClaimMade) else "accepted"


def _own_dice(g: Game, fork: Game) -> str:
    """Whether a fork made with the seed rolls dice of its own: "own dice", else "accepted" (a
    roll there would show the game's)."""
    def faces(x: Game) -> list[int]:
        dice = J.dice_for(x.state, x.seed, x.secrets, RollAttritionDie(procedure="A1"))
        return [dice.roll(k).value for k in KEYS]
    return "own dice" if fork.seed is not None and faces(fork) != faces(g) else "accepted"


def cases(store) -> list[tuple[str, str]]:
    """(case, how the game answered) for every cheat tried, in games ``store`` places."""
    out = []

    def fresh(name: str, begun: bool = True) -> Game:
        return _game(store.place(name), begun)

    g = fresh("die")
    out.append(
        (
            "the roller types her own die",
            _try(g, {"type": "RollAttritionDie", "procedure": "A1", "value": 9}, "alice"),
        )
    )
    out.append(
        ("she accepts her own claim", _try(g, {"type": "AcceptClaim", "claim": "C1"}, "alice"))
    )
    out.append(
        (
            "she plays on before the answer",
            _try(g, {"type": "StartPhase", "phase": "supply"}, "alice"),
        )
    )
    g.close()
    for name, cmd in (
        (
            "move the enemy out",
            lambda g: {
                "type": "MoveUnit",
                "unit": _unit(g, "WA"),
                "hex": _elsewhere(g, _unit(g, "WA")),
            },
        ),
        (
            "cut the enemy's supply",
            lambda g: {"type": "SetSupply", "unit": _unit(g, "WA"), "supply": "none"},
        ),
        (
            "take the hex without combat",
            lambda g: {"type": "SetControl", "hex": "0505", "faction": "AX"},
        ),
        (
            "mark the enemy on offensive",
            lambda g: {"type": "MarkOffensive", "units": [_unit(g, "WA")]},
        ),
    ):
        g = fresh(name.replace(" ", "-"), begun=False)
        out.append((name, _try(g, cmd(g), "alice")))
        g.close()
    g = fresh("turn", begun=False)
    out.append(
        (
            "her own player turn again",
            _try(g, {"type": "StartPlayerTurn", "faction": "AX"}, "alice"),
        )
    )
    out.append(
        (
            "skip the opponent's player turn",
            _try(g, {"type": "StartGameTurn", "turn": 3, "season": "fall", "year": 1943}, "alice"),
        )
    )
    g.close()
    g = fresh("peek")
    fork = g.fork(g.state.seq, store.place("peek-fork"))
    out.append(
        (
            "roll in a fork to peek",
            _try(fork, {"type": "RollAttritionDie", "procedure": "A1"}, "alice"),
        )
    )
    fork.close()
    fork = g.fork(g.state.seq, store.place("peek-seeded"), with_seed=True)
    out.append(("peek in a fork made with the seed", _own_dice(g, fork)))
    fork.close()
    out.append(("decline the attack once the roll is due", _try(g, "undo", "alice")))
    out.append(("reveal the seed mid-game", _try(g, {"type": "RevealSeed"}, "alice")))
    g.close()
    g = fresh("revealed")
    g.execute({"type": "RevealSeed"}, actor="carol")
    out.append(
        (
            "roll from a revealed seed",
            _try(g, {"type": "RollAttritionDie", "procedure": "A1"}, "alice"),
        )
    )
    g.close()
    return out + other_kinds(store)


#: The other kinds' openings up to a result the attacker could claim (the demos' own commands).
RIDGE = [{"type": "BeginAttackDesignation"},
         {"type": "DesignateAttackers", "procedure": "C1", "units": ["ge-bn-1"]},
         {"type": "EndAttackDesignation", "procedure": "C1"},
         {"type": "StartGroundAssaultSegment", "procedure": "C1"},
         {"type": "DeclareGroundAssault", "procedure": "C1",
          "attackers": ["ge-bn-4", "ge-co-6", "ge-bn-7", "ge-co-8"], "hexes": ["0605"]}]
HEDGEROW = [{"type": "DeclareAssault", "hex": "0403", "units": ["ge-pz-1", "ge-gren-1"]}]


def _opened(store, name: str, scenario: str, opening: list[dict]) -> Game:
    g = Game.create(store.place(name), S.load(scenario), seats=SEATS)
    for cmd in opening:
        g.execute(cmd, actor="alice")
    return g


def other_kinds(store) -> list[tuple[str, str]]:
    """The attacker's own results in Wacht am Rhein and Panzer Campaigns games."""
    out = []
    g = _opened(store, "war-de", "ridge-line-9", RIDGE)
    out.append(("WaR: report her own assault's result DE", _try(g, {
        "type": "ReportGroundAssaultResult", "procedure": "C1", "assault": "G1", "result": "DE"},
        "alice")))
    g.close()
    g = _opened(store, "pzc-draws", "hedgerow-assault", HEDGEROW)
    out.append(("PzC: type her own Combat Result draws", _try(g, {
        "type": "ResolveAssault", "procedure": "S1",
        "values": {"defender_result": 999_999, "attacker_result": 0}}, "alice")))
    g.execute({"type": "DisputeClaim", "claim": "C1"}, actor="bob")
    g.execute({"type": "ResolveAssault", "procedure": "S1"}, actor="alice")
    out.append(("PzC: report every defender Broken", _try(g, {
        "type": "ReportDisruption", "procedure": "S1", "disrupted": [],
        "broken": ["us-at-1", "us-inf-1", "us-eng-1"]}, "alice")))
    g.close()
    return out


def honest(store) -> bool:
    """An honest seated game with a claim accepted, a dispute and a seeded roll verifies."""
    g = _game(store.place("honest"))
    g.execute({"type": "RollAttritionDie", "procedure": "A1", "value": 3}, actor="alice")
    g.execute({"type": "DisputeClaim", "claim": "C1"}, actor="bob")
    g.execute({"type": "RollAttritionDie", "procedure": "A1"}, actor="alice")
    ok = verify(g).ok
    g.close()
    return ok


def on_store(kind, work: Path, cluster=None) -> dict:
    """The cases and the honest game on one store: its figures."""
    t0 = time.perf_counter()
    store = kind(work, cluster)
    try:
        with contextlib.chdir(work):  # a PostgreSQL game's seed sidecar is made in the current folder
            tried, ok = cases(store), honest(store)
    finally:
        store.stop()
    worked = [name for name, how in tried if how == "accepted"]
    return {
        "cases": len(tried),
        "prevented": len(tried) - len(worked),
        "worked": worked,
        "answers": dict(tried),
        "honest_verified": ok,
        "seconds": round(time.perf_counter() - t0, 1),
    }


def run(large: bool = False, workdir: Path | None = None,
        stores: tuple[str, ...] = ("sqlite", "postgres"), cluster=None, **_kw) -> dict:
    """Every case on each of ``stores``; ``cluster``: a running pg_cluster.Cluster to use."""
    kinds = {"sqlite": Files, "postgres": Database}
    by: dict[str, dict] = {}
    for name in stores:
        with tempfile.TemporaryDirectory(dir=workdir) as tmp:
            by[name] = on_store(kinds[name], Path(tmp), cluster)
    return {
        "cases": sum(f["cases"] for f in by.values()),
        "prevented": sum(f["prevented"] for f in by.values()),
        "worked": [f"{name}: {w}" for name, f in by.items() for w in f["worked"]],
        "honest_verified": all(f["honest_verified"] for f in by.values()),
        "by_store": by,
        "seconds": round(sum(f["seconds"] for f in by.values()), 1),
    }
