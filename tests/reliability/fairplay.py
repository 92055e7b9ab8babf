"""Harness "fairplay": cheating with the honest tools (the unmodified API) in a seated game.

Each case is a move a player could try against the other seat with `turnlog` itself: type her own
die, state host facts about the enemy's units, repeat or skip a player turn, peek in a fork and
decline, reveal the seed mid-game, answer her own claim. A case is *prevented* when the game refuses
it (naming a rule) or logs it only as a claim the other side must accept, and the board is
unchanged. The honest game around the cases must verify. Figures: cases tried, prevented, honest
games verifying."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from turnlog.engine import scenario as S
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.game import Game
from turnlog.engine.verify import verify
from turnlog.events.game import ClaimMade

SEATS = {"factions": {"AX": "alice", "WA": "bob"}, "referee": "carol", "host": "hq"}
ZONE = "WA/western/0505"
BEGIN = {"type": "BeginAttrition", "attacker": "AX", "zone": ZONE}


def _game(path: Path, begun: bool = True) -> Game:
    g = Game.create(path, S.load("bridgehead-14-65"), seats=SEATS)
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


def cases(tmp: Path) -> list[tuple[str, str]]:
    """(case, how the game answered) for every cheat tried."""
    out = []

    def fresh(name: str, begun: bool = True) -> Game:
        return _game(tmp / f"{name}.db", begun)

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
    fork = g.fork(g.state.seq, tmp / "peek-fork.db")
    out.append(
        (
            "roll in a fork to peek",
            _try(fork, {"type": "RollAttritionDie", "procedure": "A1"}, "alice"),
        )
    )
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
    return out


def honest(tmp: Path) -> bool:
    """An honest seated game with a claim accepted, a dispute and a seeded roll verifies."""
    g = _game(tmp / "honest.db")
    g.execute({"type": "RollAttritionDie", "procedure": "A1", "value": 3}, actor="alice")
    g.execute({"type": "DisputeClaim", "claim": "C1"}, actor="bob")
    g.execute({"type": "RollAttritionDie", "procedure": "A1"}, actor="alice")
    ok = verify(g).ok
    g.close()
    return ok


def run(large: bool = False, workdir: Path | None = None, **_kw) -> dict:
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        tried = cases(Path(tmp))
        ok = honest(Path(tmp))
    worked = [name for name, how in tried if how == "accepted"]
    return {
        "cases": len(tried),
        "prevented": len(tried) - len(worked),
        "worked": worked,
        "answers": dict(tried),
        "honest_verified": ok,
        "seconds": round(time.perf_counter() - t0, 1),
    }
