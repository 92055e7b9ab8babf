"""The dice verbs of the `turnlog` command line: a seed given by hand, joint dice, shares and secrets.

Kept apart from engine/faces/cli/app.py so that the dice stay one place: `new --seed` (refused unless the game
is declared public), `new --joint-dice`, `share` and `secret` (engine/joint.py, docs/reliability.md §8).
"""
from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path
from typing import Iterable

import msgspec

from turnlog.events.log import LogError

from ... import dice as D
from ... import joint
from ... import joint_keys as JK
from ... import claims as CL
from ...errors import CommandError, RuleViolation
from ...game import Game
from ...seats import seat_scenario
from .. import terminal as T


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
        raise CommandError("--secret-file: new draws each key into DB.NAME.secret; a holder with its "
                           "own (`turnlog secret -o FILE`) is given as NAME=FILE.pub in --joint-dice")
    from ... import scenario as S  # the parser: only the commands that read a scenario
    sc = S.load(args.scenario)
    if seats is not None:
        sc = seat_scenario(sc, seats)
    spec = [h for h in args.joint_dice.split(",") if h] or joint.sides(sc)
    game, files = create_joint_game(args.db, sc, spec, synchronous=args.synchronous)
    with game:
        T.say(f"{args.db}: '{sc.name}' created, {game.state.seq} setup events; joint dice of "
              f"{', '.join(game.state.joint_dice)}: no roll without every holder's share; "
              f"game {game.state.game_id}")
    for holder, f in files.items():
        T.say(f"  key of {holder} in {f} (0600): give it to that holder alone, keep no copy")
    return 0


def create_joint_game(path, scenario, spec: Iterable[str], **kw):
    """Create a joint-dice game; a holder named without a public key gets a fresh key in its own file.

    ``spec`` items are ``NAME`` (a key drawn here, written to DB.NAME.secret, 0600) or ``NAME=FILE``
    (the holder made its own with `turnlog secret`; FILE is its public half, FILE.pub, logged).
    No file is overwritten; the files written are removed again if the game cannot be created.
    Returns the Game (holding the keys drawn here) and the files written, by holder. It lives here,
    not in engine/joint.py, because it needs the Game and engine/game.py imports engine/joint.py.
    """
    parsed = joint.parse_holders(spec)
    try:
        JK.require()
    except JK.Unavailable as err:
        raise CommandError(f"--joint-dice: {err}") from None
    held: dict[str, bytes | str | dict] = {n: _public_file(n, v) if v else JK.new_key()
                                     for n, v in parsed}
    files = {n: joint.secret_path(path, n) for n, s in held.items() if isinstance(s, bytes)}
    for f in files.values():
        if f.exists():
            raise CommandError(f"joint-dice: {f} already exists; refusing to overwrite a secret")
    written: list[Path] = []
    try:
        for n, f in files.items():
            secret = held[n]
            assert isinstance(secret, bytes)  # files holds the holders whose key was made here
            D.write_seed(f, secret)
            written.append(f)
        return Game.create(path, scenario, joint=held, **kw), files
    except BaseException:
        for f in written:
            f.unlink(missing_ok=True)
        raise


def _public_file(name: str, value: str) -> dict:
    """The public key record a holder made with `turnlog secret` (its FILE.pub), for --joint-dice."""
    if joint.HEX64.fullmatch(value.lower()):
        raise CommandError(f"joint-dice: {name}={value[:12]}...: a SHA-256 commitment belongs to the "
                           "HMAC shares of games created before; give the holder's FILE.pub from "
                           "`turnlog secret`")
    try:
        return msgspec.json.decode(Path(value).read_bytes())
    except (OSError, msgspec.DecodeError) as err:
        why = getattr(err, "strerror", None) or err
        raise CommandError(f"joint-dice: {name}={value}: not a public key file from "
                           f"`turnlog secret` ({why})") from None


def cmd_share(args) -> int:
    """Print this holder's share for a roll's key (joint dice), to give to the player who rolls.

    Where shares are signatures the share names this game's identity: it fits no other game or fork.
    """
    with Game.open(args.db, synchronous=args.synchronous, secret_files=args.secret_file) as g:
        st = g.state
        if not st.joint_dice:
            raise CommandError("--db: this game's dice come from one seed; it has no shares")
        if not g.secrets:
            raise CommandError("--secret-file: no holder's secret is available here")
        if CL.on(g.state) and args.key not in CL.due_keys(g.state):
            due = ", ".join(sorted(CL.due_keys(g.state))) or "none"
            raise RuleViolation("dice.share", f"--key: {args.key} is not the key of a roll due now in this log "
                                f"(due: {due}); a share is given only for the roll due, never ahead")
        for holder, secret in g.secrets.items():
            line = {"holder": holder, "key": args.key}
            if st.joint_keys:
                line.update(game=st.game_id, share=JK.share(secret, st.game_id, args.key))
            else:
                line.update(share=joint.share(secret, args.key, st.dice_id))
            sys.stdout.write(T.json_text(msgspec.json.encode(line)) + "\n")
    return 0


def cmd_secret(args) -> int:
    """Draw a joint-dice key into a new 0600 file, its public half (key and proof) into FILE.pub."""
    if args.output == "-":
        raise CommandError("--output: a key is written to a new file only (0600), never to "
                           "standard output")
    out, pub = Path(args.output), Path(f"{args.output}.pub")
    try:
        key = JK.new_key()
    except JK.Unavailable as err:
        raise CommandError(f"secret: {err}") from None
    if pub.exists():
        raise CommandError(f"--output: {pub} already exists; refusing to overwrite it")
    try:
        D.write_seed(out, key)
    except FileExistsError:
        raise CommandError(f"--output: {args.output} already exists; refusing to overwrite a secret") from None
    except OSError as err:
        raise LogError(f"{args.output}: cannot write the secret ({err.strerror or err})") from None
    record = JK.record(key)
    try:  # a new regular file only: never through a link, never over anything
        fd = os.open(pub, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    except OSError as err:
        raise CommandError(f"--output: {pub}: cannot create it ({err.strerror or err})") from None
    with os.fdopen(fd, "wb") as f:
        f.write(msgspec.json.encode(record) + b"\n")
    T.say(f"{pub}  key {hashlib.sha256(record['rsa'].encode()).hexdigest()[:16]}")
    T.say(f"{args.output}: key written (0600); give only {pub} to whoever creates the game "
          f"(`turnlog new ... --joint-dice NAME={pub},...`)", sys.stderr)
    return 0
