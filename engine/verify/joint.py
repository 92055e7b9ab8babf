"""Verify the dice of a joint-dice game (engine/joint.py): every face, then every share.

Signed shares (engine/joint_keys.py): each holder's registered key and its proof are checked, then
each share under its holder's key for the game identity in force at the roll and the roll's key,
then the face from the shares. No secret is needed, so a share that does not verify is named at
once, and blamed on the actor whose command logged it, never on the holder (a holder's real share
always verifies).

HMAC shares (games created before): before the reveal, each logged face is re-derived from the
shares logged with it (the roller cannot log another face); each share is checked against its
holder's secret once that secret is known, revealed in the log or held by this process. The first
share that its holder's secret does not give is named, with its holder: that side lied about its
share, or the log was edited.
"""
from __future__ import annotations

import msgspec

from turnlog.events.game import DieRolled, GameForked, SecretRevealed
from turnlog.projections.narrative import shown

from .. import dice as D
from .. import joint as J
from .. import joint_keys as K


class BadShare(msgspec.Struct, kw_only=True, omit_defaults=True):
    seq: int
    key: str
    holder: str
    supplier: str = ""   # signed shares: the actor whose command logged the false share


class JointCheck(msgspec.Struct, kw_only=True):
    """What verify found of joint dice; in the report of joint-dice games only."""

    holders: list[str]
    revealed: list[str] = []        # holders whose secret the log reveals
    held: list[str] = []            # holders whose secret only this process holds
    shares_checked: int = 0
    bad_share: BadShare | None = None
    # Shares are signatures, checked under the holders' keys; unset in the report of an HMAC game.
    signed: bool | msgspec.UnsetType = msgspec.UNSET


def check(game, created, rep) -> list[tuple[int, DieRolled, str]]:
    """Fill ``rep`` (problem, first_bad_seq, seed, joint, counts) and return (seq, roll, check) per roll."""
    if any(h.rsa for h in created.joint_dice):
        return _check_signed(game, created, rep)
    order = [h.holder for h in created.joint_dice]
    commit = {h.holder: h.sha256 for h in created.joint_dice}
    jc = JointCheck(holders=order)
    rep.joint = jc
    secrets: dict[str, bytes] = {}
    rolls: list[tuple[int, DieRolled, str]] = []  # each with the fork identity its shares cover
    fork = ""
    for seq, _cid, ev, _a in game.rows():
        if isinstance(ev, GameForked) and ev.own_dice:
            fork = ev.game_id
        elif isinstance(ev, SecretRevealed):
            secret = bytes.fromhex(ev.secret)
            if D.commitment(secret) != commit.get(ev.holder):
                _bad(rep, seq, f"seq {seq}: the secret revealed for {ev.holder} does not match its commitment at seq 1")
                continue
            secrets[ev.holder] = secret
            jc.revealed.append(ev.holder)
        elif isinstance(ev, DieRolled):
            rolls.append((seq, ev, fork))
    for h, s in game.secrets.items():
        if h not in secrets:
            secrets[h] = s
            jc.held.append(h)
    known = len(secrets) == len(order)
    rep.seed = ("joint" if not jc.held else "joint-held") if known else "unknown"
    out = [(seq, r, _roll(seq, r, order, secrets, created, rep, jc, fork)) for seq, r, fork in rolls]
    unchecked = [seq for seq, _r, c in out if c == "unchecked"]
    if unchecked and not rep.problem:
        missing = [h for h in order if h not in secrets]
        rep.problem = (f"joint rolls cannot be fully checked until every holder reveals its secret "
                       f"(not yet: {', '.join(missing)})")
    return out


def _roll(seq: int, r: DieRolled, order: list[str], secrets: dict[str, bytes], created, rep,
          jc: JointCheck, fork: str = "") -> str:
    if r.entered:
        return "entered"
    if list(r.shares) != order:
        _bad(rep, seq, f"seq {seq}: roll {r.key} holds the shares of {', '.join(r.shares) or 'nobody'}, "
                       f"not of {', '.join(order)}")
        return "mismatch"
    spec = D.spec_of(created.die, created.dice, r)
    if spec is None:
        _bad(rep, seq, f"seq {seq}: roll {r.key} names dice {r.dice!r}, which the game does not declare")
        return "mismatch"
    try:
        value, faces = D.again(J.mixed(r.shares, order), r, spec)
    except ValueError:
        _bad(rep, seq, f"seq {seq}: roll {r.key} holds a share that is not hex")
        return "mismatch"
    if (value, faces) != (r.value, r.faces):
        _bad(rep, seq, f"seq {seq}: roll {r.key} = {shown(r)} but its shares give "
                       f"{shown(msgspec.structs.replace(r, value=value, faces=faces))}")
        return "mismatch"
    for h in order:
        if h not in secrets:
            continue
        if J.share(secrets[h], r.key, fork) != r.shares[h]:
            if jc.bad_share is None:
                jc.bad_share = BadShare(seq=seq, key=r.key, holder=h)
            _bad(rep, seq, f"seq {seq}: roll {r.key}: the share of {h} is not the one {h}'s secret gives "
                           f"({h} gave a false share, or the log was edited)")
            return "bad share"
        jc.shares_checked += 1
    if len(secrets) < len(order):
        return "unchecked"
    rep.rolls_derived += 1
    return "derived"


def _check_signed(game, created, rep) -> list[tuple[int, DieRolled, str]]:
    """Signed shares: the keys at seq 1, then each roll's shares and face; no check needs a secret."""
    order = [h.holder for h in created.joint_dice]
    keys = {h.holder: h.rsa for h in created.joint_dice}
    rep.joint = JointCheck(holders=order, signed=True)
    try:
        K.require()
    except K.Unavailable as err:
        rep.problem, rep.seed = f"the joint-dice shares cannot be checked here: {err}", "unknown"
        return []
    for h in created.joint_dice:
        bad = K.key_problem(h.rsa, h.proof) if h.rsa else "it registers no key where the others do"
        if bad:
            _bad(rep, 1, f"seq 1: joint-dice holder {h.holder}: {bad}")
            return []
    actors = {row[0]: row[1] for row in game.log.commands()}
    game_id, out = created.game_id, []
    for seq, cid, ev, _a in game.rows():
        if isinstance(ev, GameForked):
            game_id = ev.game_id
        elif isinstance(ev, DieRolled):
            check = _signed_roll(seq, ev, keys, game_id, created, rep, actors.get(cid, ""))
            out.append((seq, ev, check))
    rep.seed = "joint-signed"
    return out


def _signed_roll(seq: int, r: DieRolled, keys: dict[str, str], game_id: str, created, rep,
                 actor: str) -> str:
    """Check one roll of signed shares: each share verifies under its holder's key; they give the face."""
    jc = rep.joint
    if r.entered:
        return "entered"
    if list(r.shares) != list(keys):
        _bad(rep, seq, f"seq {seq}: roll {r.key} holds the shares of {', '.join(r.shares) or 'nobody'}, "
                       f"not of {', '.join(keys)}")
        return "mismatch"
    for h, k in keys.items():
        if not K.valid_share(k, game_id, r.key, r.shares[h]):
            jc.bad_share = jc.bad_share or BadShare(seq=seq, key=r.key, holder=h, supplier=actor)
            by = actor or "(no actor named)"
            _bad(rep, seq, f"seq {seq}: roll {r.key}: the share logged for {h} does not verify under "
                           f"the key {h} registered (fabricated, or made for another roll or game): "
                           f"supplied by {by}, whose command logged it; {h} is not to blame")
            return "bad share"
        jc.shares_checked += 1
    spec = D.spec_of(created.die, created.dice, r)
    if spec is None:
        _bad(rep, seq, f"seq {seq}: roll {r.key} names dice {r.dice!r}, which the game does not declare")
        return "mismatch"
    value, faces = D.again(K.mixed(r.shares, list(keys)), r, spec)
    if (value, faces) != (r.value, r.faces):
        _bad(rep, seq, f"seq {seq}: roll {r.key} = {shown(r)} but its shares give "
                       f"{shown(msgspec.structs.replace(r, value=value, faces=faces))}")
        return "mismatch"
    rep.rolls_derived += 1
    return "derived"


def _bad(rep, seq: int, problem: str) -> None:
    """Keep the first problem and its seq (a later one is still counted in the rolls)."""
    if not rep.problem or rep.first_bad_seq is None:
        rep.problem, rep.first_bad_seq = problem, seq
