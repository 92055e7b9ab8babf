"""The rogue harness's honest games: each demo played seated (and signed); a target per type.

Every command type comes from the registry (engine/kinds.py BY_COMMAND, every installed kind loaded, plus the game's own
Undo and Redo from engine/commands.py NAMES): none is listed by hand. A type's honest instance is
the first one a demo script (engine/scenarios/*.jsonl, its accepted lines) issues; a type no script
issues is looked for among the ``legal()`` choices of the demo positions (Choice.example), and is
reported as uncovered when no position offers it. Every game is seated (one player per faction, a
referee, a host) so the seat check is exercised, and each command is issued by a player its seat
allows (engine/seats.py ``who``).
"""

from __future__ import annotations

import copy
import hashlib
import random
import shutil
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from turnlog.engine import commands as c
from turnlog.engine import kinds as K
from turnlog.engine import scenario as SC
from turnlog.engine import seats as S
from turnlog.engine import signatures as SG
from turnlog.engine.errors import CommandError, RuleViolation
from turnlog.engine.faces.cli.args import DEMOS
from turnlog.engine.faces.cli.demo import DEMO_SEED
from turnlog.engine.game import Game, settle
from turnlog.events.codec import encode
from turnlog.projections.state import GameState

SEED = bytes.fromhex(DEMO_SEED)
REFEREE, HOST = "ref", "hq"
#: A fixed key per actor (a test's keys, never a player's): private bytes from the actor's name.
SIGNERS: dict[str, SG.Signer] = {}


def signer(actor: str) -> SG.Signer:
    """The fixed key of ``actor`` in the harness's signed games."""
    if actor not in SIGNERS:
        SIGNERS[actor] = SG.Signer(hashlib.sha256(f"rogue-harness {actor}".encode()).digest())
    return SIGNERS[actor]


def command_types() -> list[str]:
    """Every command type a client can log: each registered kind's, then the game's (Undo, Redo)."""
    K.load_all()
    kinds = [t.__name__ for k in K.KINDS for t in k.commands]
    return kinds + sorted(set(c.NAMES) - set(kinds))


def script(name: str) -> list[c.Command]:
    """The commands a demo script expects accepted (``!`` lines are refusals, ``#`` comments)."""
    text = resources.files("turnlog.engine.scenarios").joinpath(f"{name}.jsonl").read_text()
    return [c.parse(ln) for ln in text.splitlines() if ln.strip() and ln[0] not in "#!"]


def players(name: str) -> dict[str, str]:
    """Faction id -> its player's name in the harness's seated games."""
    return {f.id: f"player-{f.id.lower()}" for f in SC.load(name).factions}


def seats(name: str, signed: bool) -> dict:
    """The seats of a harness game: every faction held, a referee, a host; keys when signed."""
    # Every claim class open to any seat: the rogue rows are judged by re-execution; the claims' own
    # flow is the fair-play harness's (fairplay.py).
    spec = {"factions": players(name), "referee": REFEREE, "host": HOST,
            "claims": {"die": "any", "host-fact": "any", "report": "any", "reveal": "any"}}
    if signed:
        spec["keys"] = {a: signer(a).public for a in [*spec["factions"].values(), REFEREE, HOST]}
    return spec


def actor_for(state: GameState, command: c.Command) -> str:
    """A player the seat check lets issue ``command`` now: the faction's holder before the host."""
    allowed = S.allowed(state, S.who(state, command))
    holders = sorted(a for a in allowed if a not in (REFEREE, HOST))
    return (holders or sorted(allowed) or [HOST])[0]


def outsider(state: GameState, command: c.Command) -> str | None:
    """A seated player the seat check refuses for ``command`` now (the opponent), or None."""
    allowed = S.allowed(state, S.who(state, command))
    seated = sorted({*state.seats.factions.values(), HOST})
    return next((a for a in seated if a not in allowed), None)


def create(where: str | Path, name: str, signed: bool, seed_file: Path | None = None) -> Game:
    """A new seated game of demo ``name`` at ``where`` (a file or a postgresql:// URL)."""
    g = Game.create(
        where,
        SC.load(name),
        seed=SEED,
        public_seed=True,
        seats=seats(name, signed),
        seed_file=seed_file,
    )
    arm(g, signed)
    return g


def arm(g: Game, signed: bool) -> Game:
    """Give an opened harness game its players' keys (each command is signed by its actor)."""
    if signed:
        g.signers = {a: signer(a) for a in g.state.seats.keys}
    return g


def play(g: Game, commands: list[c.Command]) -> None:
    """Issue ``commands`` honestly, each from a player its seat allows."""
    for cmd in commands:
        g.execute(cmd, actor=actor_for(g.state, cmd))


def honest_rows(g: Game, command: c.Command) -> list[tuple[str, int, str, bool]]:
    """The rows an honest engine writes for ``command`` now (none written; RuleViolation if not)."""
    # A deep copy, not dump/load: a state restored from its dump orders some automatic consequences
    # differently from one folded from the events (the live engine's, and verify's re-execution's).
    state = copy.deepcopy(g.state)
    done = settle(state, g.decide(state, command))
    return [(type(e).__name__, e.version, encode(e).decode(), a) for e, a in done]


@dataclass(frozen=True)
class Target:
    """An honest instance of a command type: demo ``scenario`` after its first ``at`` commands."""

    ctype: str
    scenario: str
    at: int
    command: c.Command
    source: str  # "script" or "legal"

    def prefix(self) -> list[c.Command]:
        return script(self.scenario)[: self.at]


def targets(work: Path, rng: random.Random) -> tuple[list[Target], list[str]]:
    """An honest target per command type (registry order), and the types no demo position offers.

    Undo and Redo are judged through every other type's target (the mutators write them), so they
    are covered without a target of their own.
    """
    found: dict[str, Target] = {}
    for name in DEMOS:
        for i, cmd in enumerate(script(name)):
            found.setdefault(type(cmd).__name__, Target(type(cmd).__name__, name, i, cmd, "script"))
    meta = {"Undo", "Redo"}
    missing = [t for t in command_types() if t not in found and t not in meta]
    if missing:
        _from_legal(work, rng, missing, found)
    order = command_types()
    return (
        [found[t] for t in order if t in found],
        [t for t in order if t not in found and t not in meta],
    )


def _from_legal(
    work: Path, rng: random.Random, missing: list[str], found: dict[str, Target]
) -> None:
    """Look for an accepted instance of each missing type among the demo positions' choices."""
    for name in DEMOS:
        g = create(work / f"legal-{name}.db", name, signed=False)
        try:
            steps = script(name)
            for i in range(len(steps) + 1):
                for choice in g.legal():
                    if choice.command in missing and choice.command not in found:
                        cmd = _accepted(g, choice, rng)
                        if cmd is not None:
                            found[choice.command] = Target(choice.command, name, i, cmd, "legal")
                if i < len(steps):
                    play(g, [steps[i]])
        finally:
            g.close()


def _accepted(g: Game, choice, rng: random.Random) -> c.Command | None:
    """A command drawn from ``choice`` that the rules accept on ``g``'s board, or None."""
    for _ in range(12):
        try:
            cmd = c.parse(
                c.encode(
                    c.NAMES[choice.command](
                        **{k: v for k, v in choice.example(rng).items() if k != "type"}
                    )
                )
            )
            honest_rows(g, cmd)
            return cmd
        except (CommandError, RuleViolation, TypeError, ValueError, KeyError):
            continue
    return None


class Templates:
    """Honest prefix games on SQLite, built once and copied for each rogue case (none replays)."""

    def __init__(self, work: Path):
        self.work, self.built = work, {}

    def copy(self, target: Target, signed: bool, to: Path) -> Game:
        """A copy of the game of ``target`` played up to its command, opened and armed."""
        key = (target.scenario, target.at, signed)
        src = self.built.get(key)
        if src is None:
            src = self.work / f"tpl-{target.scenario}-{target.at}-{int(signed)}.db"
            g = create(src, target.scenario, signed)
            play(g, target.prefix())
            g.close()
            self.built[key] = src
        shutil.copyfile(src, to)
        shutil.copyfile(f"{src}.seed", f"{to}.seed")
        return arm(Game.open(to), signed)


def last_command(g: Game) -> tuple:
    """The newest command row of ``g``'s log: (id, actor, type, payload, ts, first, last seq)."""
    return next(iter(g.log.commands_newest_first()))
