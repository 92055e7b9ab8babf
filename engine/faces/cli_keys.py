"""The signing verbs of the `turnlog` command line (issue 13 item 4, engine/signatures.py).

`keygen -o FILE` makes a key pair; `new --key ACTOR=PUB` registers a seat's public key; `play`, `undo`,
`redo` and `reveal --key FILE` sign each command with the private key in FILE. Kept apart from cli.py
so that the keys stay one place, as the dice verbs are in cli_dice.py.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

from turnlog.events.log import LogError

from .. import dice as D
from .. import signatures as SG
from ..errors import CommandError


def public_path(private: Path) -> Path:
    """Where keygen writes the public key beside ``private``: alice.key -> alice.pub, else FILE.pub."""
    return private.with_suffix(".pub") if private.suffix == ".key" else Path(f"{private}.pub")


def cmd_keygen(args) -> int:
    """Write a new private key (0600, never over a file) and its public key beside it; print the public key."""
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
        with os.fdopen(fd, "w") as f:
            f.write(signer.public + "\n")
    except FileExistsError as err:
        raise CommandError(f"--output: {err.filename} already exists; refusing to overwrite a key") from None
    except OSError as err:
        raise LogError(f"{err.filename or out}: cannot write the key ({err.strerror or err})") from None
    print(signer.public)
    print(f"{out}: private key written (0600; keep it, never mail it); public key in {pub}: give it to whoever "
          f"creates the game (`turnlog new ... --key NAME={pub}`) and compare it with them out of band",
          file=sys.stderr)
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
                text = Path(value).read_text(encoding="ascii").strip().lower()
            except (OSError, UnicodeDecodeError) as err:
                raise CommandError(f"--key: {actor}: {value!r} is neither a public key (64 hex digits) nor a "
                                   f"readable file ({getattr(err, 'strerror', None) or err})") from None
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
