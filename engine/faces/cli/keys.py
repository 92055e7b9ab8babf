"""The signing verbs of the `turnlog` command line (engine/signatures.py).

`keygen -o FILE` makes a key pair; `new --key ACTOR=PUB` registers a seat's public key; `play`, `undo`,
`redo` and `reveal --key FILE` sign each command with the private key in FILE. For a mailed game, `sign`
signs one command against the tail of the player's own copy and prints it as a signed line, which the
holder of the file appends with `play` (unwrap). Kept apart from app.py so that the keys stay one place,
as the dice verbs are in dice.py.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import msgspec

from turnlog.events.log import LogError

from ... import commands as c
from ... import dice as D
from ... import inputs as I
from ... import kinds
from ... import signatures as SG
from ...errors import CommandError, RuleViolation
from ...game import Game
from .. import terminal as T


class Mailed(msgspec.Struct, forbid_unknown_fields=True):
    """A signed line: the command as logged, who signed it, the tail it was signed at (SEQ:HASH), the signature."""

    signed: dict
    actor: str
    prev: str
    sig: str


def public_path(private: Path) -> Path:
    """Where keygen writes the public key beside ``private``: alice.key -> alice.pub, else FILE.pub."""
    return private.with_suffix(".pub") if private.suffix == ".key" else Path(f"{private}.pub")


def cmd_keygen(args) -> int:
    """Write a new private key (0600, never over a file) and its public key beside it; print the public key."""
    if args.output == "-":
        raise CommandError("--output: a private key is written to a new file only (0600), never to "
                           "standard output")
    out = Path(args.output)
    pub = public_path(out)
    for f in (out, pub):
        if os.path.lexists(f):
            raise CommandError(f"--output: {f} already exists; refusing to overwrite a key")
    try:
        signer, private = SG.Signer.generate()
    except SG.Unavailable as err:
        raise CommandError(f"keygen: {err}") from None
    try:
        D.write_seed(out, private)  # the seed's writer: hex, 0600, O_EXCL, synced
        fd = os.open(pub, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "w") as public:
            public.write(signer.public + "\n")
    except FileExistsError as err:
        raise CommandError(f"--output: {err.filename} already exists; refusing to overwrite a key") from None
    except OSError as err:
        raise LogError(f"{err.filename or out}: cannot write the key ({err.strerror or err})") from None
    print(signer.public)
    T.say(f"{out}: private key written (0600; keep it, never mail it); public key in {pub}: give it "
          f"to whoever creates the game (`turnlog new ... --key NAME={pub}`) and compare it with them "
          "out of band", sys.stderr)
    return 0


def registered_keys(given: list[str] | None) -> dict[str, str]:
    """The public keys of `new --key ACTOR=PUB` (PUB: 64 hex digits, or a file holding them), by actor."""
    keys: dict[str, str] = {}
    for item in given or ():
        actor, eq, value = item.partition("=")
        if not eq or not actor or not value:
            raise CommandError(f"--key: {item!r}: give ACTOR=PUBLIC_KEY (hex, or the .pub file keygen wrote)")
        if actor in keys:
            raise CommandError(f"--key: {actor} is given two keys")
        text = value.strip().lower()
        if not SG.is_hex(text, 64):
            try:
                data = I.read_small(value, "public key file")
                text = data.decode("ascii", "replace").strip().lower()
            except CommandError as err:
                why = str(err).removeprefix(f"{value}: ")
                raise CommandError(f"--key: {actor}: {value!r} is neither a public key (64 hex digits) "
                                   f"nor a readable file ({why})") from None
        keys[actor] = text  # its shape is checked with the seats, naming seats.keys.ACTOR
    return keys


def take_key(g, args) -> None:
    """Sign ``args.actor``'s commands on ``g`` with the private key of `--key FILE`, if one is given."""
    path = getattr(args, "key", None)
    if not path:
        return
    try:
        g.signers[args.actor] = SG.Signer.from_file(path)
    except SG.Unavailable as err:
        raise CommandError(f"--key: {err}") from None


def cmd_sign(args, judge) -> int:
    """Sign one command against the tail of this copy of the game and print it as a signed line to mail.

    The command is first judged on the copy as the holder's `play` would judge it (``judge``, app.py's dry
    run), so a refused command is never signed. A Redo's logged form depends on the holder's log: not here.
    """
    if args.command == "-":  # one line: bounded as every line of `play` is
        text = "".join(t for _n, t in I.lines(I.stdin_bytes(), "stdin", max_bytes=I.MAX_LINE + 2))
    else:
        text = args.command
    lines = [x for x in text.splitlines() if x.strip()]
    if len(lines) != 1:
        raise CommandError("command: give exactly one command (each signature is over the tail before it)")
    cmd = c.parse(lines[0])
    if isinstance(cmd, c.Redo):
        raise CommandError("Redo: its logged form is made by the holder's log; redo there with `redo --key`")
    with Game.open(args.db, synchronous=args.synchronous, readonly=True) as g:  # the copy is only read
        take_key(g, args)
        if not g.state.seats.keys:
            raise CommandError(f"--db: {args.db} is not a signed game; play it directly")
        refusal = judge(g, cmd, args.actor)
        if refusal is not None:
            raise refusal
        seq, prev = g.log.last()
        payload = c.encode(cmd).decode()
        msg = SG.message(prev, args.actor, type(cmd).__name__, payload, g.state.game_id)
        sig = g.signers[args.actor].sign(msg)
    line = Mailed(signed=msgspec.json.decode(payload), actor=args.actor, prev=f"{seq}:{prev}", sig=sig)
    print(T.json_text(msgspec.json.encode(line)))
    T.say(f"signed as {args.actor} at seq {seq}: mail the line above to the holder of the game, who "
          "appends it with `turnlog play` (refused if the game moved on since)", sys.stderr)
    return 0


def unwrap(g, line: str, actor: str):
    """A `play` line as (command, its issuer, its signer): typed (by ``actor``) or a mailed signed line.

    A signed line is issued by its signer, whatever ``actor`` says; it is refused here when the log moved
    on since it was signed, and again by the log itself should the tail move before the append.
    """
    obj = msgspec.json.decode(line) if '"sig"' in line and '"signed"' in line else None
    if not (isinstance(obj, dict) and "signed" in obj and "type" not in obj):
        return c.parse(line, lambda: kinds.command_names(g.state)), actor, None
    try:
        m = msgspec.convert(obj, Mailed)
    except msgspec.ValidationError as err:
        raise CommandError(f"signed line: {err}") from None
    keys = g.state.seats.keys
    if m.actor not in keys:
        raise RuleViolation(SG.RULE, f"the line is signed as {m.actor}, who has no key in this game")
    last = g.log.last()
    if m.prev != f"{last[0]}:{last[1]}":
        raise RuleViolation(SG.RULE, f"the line was signed at seq {m.prev.partition(':')[0]} but the log is at seq "
                                     f"{last[0]}: it moved on since; sign the command again against the new tail")
    return (c.parse(msgspec.json.encode(m.signed), lambda: kinds.command_names(g.state)), m.actor,
            SG.Presigned(keys[m.actor], m.sig))
