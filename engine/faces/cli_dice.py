"""The dice verbs of the `turnlog` command line: a seed given by hand, joint dice, shares and secrets.

Kept apart from engine/faces/cli.py so that the dice stay one place: `new --seed` (refused unless the game
is declared public), `new --joint-dice`, `share` and `secret` (engine/joint.py, docs/reliability.md §8).
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterable

import msgspec

from turnlog.events.log import LogError

from .. import dice as D
from .. import joint
from .. import scenario as S
from .. import claims as CL
from ..errors import CommandError, RuleViolation
from ..game import Game
from ..seats import seat_scenario


def hand_seed(args) -> bytes | None:
    """The seed typed with --seed, accepted only for a game marked public (--public-seed)."""
    if args.public_seed and not args.seed:
        raise CommandError("--public-seed: give the published seed with --seed (a drawn one is secret anyway)")
    if not args.seed:
        return None
    if not args.public_seed:
        raise CommandError("--seed: a seed given by hand is not secret (whoever reads it predicts every roll); "
                           "leave it out for a secret one, or add --public-seed for a test game whose log says so")
    try:
        return bytes.fromhex(args.seed)
    except ValueError:
        raise CommandError("--seed: expected hex digits (at least 32 of them)") from None


def new_joint(args, seats=None) -> int:
    """`new --joint-dice`: one secret per holder, each in its own file; no seed. ``seats`` as Game.create's."""
    if args.seed or args.public_seed:
        raise CommandError("--seed: a joint-dice game has no single seed")
    if args.secret_file:
        raise CommandError("--secret-file: new draws each secret into DB.NAME.secret; a holder with its own "
                           "(`turnlog secret`) is given as NAME=SHA256 in --joint-dice")
    sc = S.load(args.scenario)
    if seats is not None:
        sc = seat_scenario(sc, seats)
    spec = [h for h in args.joint_dice.split(",") if h] or joint.sides(sc)
    game, files = create_joint_game(args.db, sc, spec, synchronous=args.synchronous)
    with game:
        print(f"{args.db}: '{sc.name}' created, {game.state.seq} setup events; joint dice of "
              f"{', '.join(game.state.joint_dice)}: no roll without every holder's share")
    for holder, f in files.items():
        print(f"  secret of {holder} in {f} (0600): give it to that holder alone, keep no copy")
    return 0


def create_joint_game(path, scenario, spec: Iterable[str], **kw):
    """Create a joint-dice game; each holder named without a commitment gets a fresh secret in its own file.

    ``spec`` items are ``NAME`` (a secret drawn here, written to DB.NAME.secret, 0600) or
    ``NAME=SHA256`` (the holder made its own with `turnlog secret`; only the commitment is logged).
    No file is overwritten; the files written are removed again if the game cannot be created.
    Returns the Game (holding the secrets drawn here) and the files written, by holder. It lives here,
    not in engine/joint.py, because it needs the Game and engine/game.py imports engine/joint.py.
    """
    parsed = joint.parse_holders(spec)
    held: dict[str, bytes | str] = {n: sha or D.new_seed() for n, sha in parsed}
    files = {n: joint.secret_path(path, n) for n, s in held.items() if isinstance(s, bytes)}
    for f in files.values():
        if f.exists():
            raise CommandError(f"joint-dice: {f} already exists; refusing to overwrite a secret")
    written: list[Path] = []
    try:
        for n, f in files.items():
            D.write_seed(f, held[n])
            written.append(f)
        return Game.create(path, scenario, joint=held, **kw), files
    except BaseException:
        for f in written:
            f.unlink(missing_ok=True)
        raise


def cmd_share(args) -> int:
    """Print this holder's share for a roll's key (joint dice), to give to the player who rolls."""
    with Game.open(args.db, synchronous=args.synchronous, secret_files=args.secret_file) as g:
        if not g.state.joint_dice:
            raise CommandError("--db: this game's dice come from one seed; it has no shares")
        if not g.secrets:
            raise CommandError("--secret-file: no holder's secret is available here")
        if CL.on(g.state) and args.key not in CL.due_keys(g.state):
            due = ", ".join(sorted(CL.due_keys(g.state))) or "none"
            raise RuleViolation("dice.share", f"--key: {args.key} is not the key of a roll due now in this log "
                                f"(due: {due}); a share is given only for the roll due, never ahead")
        for holder, secret in g.secrets.items():
            sys.stdout.write(msgspec.json.encode({"holder": holder, "key": args.key,
                                                  "share": joint.share(secret, args.key)}).decode() + "\n")
    return 0


def cmd_secret(args) -> int:
    """Draw a joint-dice secret into a new 0600 file and print its SHA-256 (the commitment to give)."""
    seed = D.new_seed()
    try:
        D.write_seed(Path(args.output), seed)
    except FileExistsError:
        raise CommandError(f"--output: {args.output} already exists; refusing to overwrite a secret") from None
    except OSError as err:
        raise LogError(f"{args.output}: cannot write the secret ({err.strerror or err})") from None
    print(D.commitment(seed))
    print(f"{args.output}: secret written (0600); give only the line above to whoever creates the game "
          "(`turnlog new ... --joint-dice NAME=SHA256,...`)", file=sys.stderr)
    return 0
