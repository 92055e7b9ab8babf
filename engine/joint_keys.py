"""Joint dice whose shares are unique signatures: anyone checks a share at once, with no secret.

Each holder registers at creation an RSA public key (modulus ``rsa``, at least 2048 bits, exponent
65537) with a proof that x -> x^65537 permutes the units mod n (``proof``: e-th roots of
PROOF_ROUNDS values hashed from the key; Goldberg, Reyzin, Sagga and Baldimtsi, "Efficient
noninteractive certification of RSA moduli and beyond"). A holder's share for a roll is its RSA
PKCS#1 v1.5 SHA-256 signature over the game's identity and the roll's key. On a key so proved, a
message has exactly one such signature among the units mod n (a share sharing a factor with n is
refused), so the holder cannot choose among several; no one else can make it (RSA); anyone can check
it with the public key. The face is the game's die over SHA-256 of every share in the holders'
registered order. Why this protocol, and what it does and does not prevent, is docs/reliability.md
§8. RSA comes from ``cryptography`` (the sign extra), imported when used; the shares of games
created before (HMACs of a secret revealed at the end) are engine/joint.py's.
"""
from __future__ import annotations

import functools
import hashlib
import math

import msgspec

from turnlog.events.setup import DiceHolder

from .errors import CommandError
from .signatures import INSTALL, Unavailable  # one extra, one message, for both uses

E = 65537
BITS = 2048            # the modulus a holder's key is drawn with, and the least one accepted
PROOF_ROUNDS = 8  # a key whose e-th powers are no permutation passes a round with chance <= 1/65537
_SHARE = b"turnlog/joint-share/v2\0"
_PROOF = b"turnlog/joint-key/v2\0"
_MIX = b"turnlog/joint-dice/v2\0"


def _rsa():
    try:
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import padding, rsa
    except ImportError:
        raise Unavailable(INSTALL) from None
    return rsa, padding, hashes, serialization


def require() -> None:
    """Raise Unavailable unless RSA can be used here."""
    _rsa()


def new_key() -> bytes:
    """A holder's new private key, as PKCS#8 DER bytes (kept in a 0600 file, never in a log)."""
    rsa, _p, _h, ser = _rsa()
    key = rsa.generate_private_key(public_exponent=E, key_size=BITS)
    return key.private_bytes(ser.Encoding.DER, ser.PrivateFormat.PKCS8, ser.NoEncryption())


@functools.lru_cache(maxsize=32)
def _private(der: bytes):
    rsa, _p, _h, ser = _rsa()
    try:
        key = ser.load_der_private_key(der, password=None)
    except (ValueError, TypeError):
        raise CommandError("secret-file: not a joint-dice key from `turnlog secret` or "
                           "`new --joint-dice`") from None
    if not isinstance(key, rsa.RSAPrivateKey) or key.public_key().public_numbers().e != E:
        raise CommandError("secret-file: not a joint-dice key (RSA, exponent 65537)")
    return key


def is_key(der: bytes) -> bool:
    """True when ``der`` reads as a joint-dice private key (a game with signed shares)."""
    try:
        _private(der)
    except (CommandError, Unavailable):
        return False
    return True


def public(der: bytes) -> str:
    """The key's modulus in hex: what GameCreated registers (``DiceHolder.rsa``)."""
    return format(_private(der).public_key().public_numbers().n, "x")


def _challenge(n: int, i: int) -> int:
    """The i-th value the key proof takes an e-th root of: a hash of the key spread over 0..n-1."""
    size = (n.bit_length() + 128 + 7) // 8
    raw = n.to_bytes((n.bit_length() + 7) // 8, "big")
    digest = hashlib.shake_256(_PROOF + raw + i.to_bytes(4, "big"))
    return int.from_bytes(digest.digest(size), "big") % n


@functools.lru_cache(maxsize=32)
def _proof(der: bytes) -> tuple[str, ...]:
    return tuple(proof(der))


def proof(der: bytes) -> list[str]:
    """The key proof: each challenge's e-th root (hex), which only the key's holder computes."""
    k = _private(der).private_numbers()
    n = k.public_numbers.n
    out = []
    for i in range(PROOF_ROUNDS):  # by the Chinese remainder theorem: four times faster than mod n
        c = _challenge(n, i)
        m1, m2 = pow(c % k.p, k.dmp1, k.p), pow(c % k.q, k.dmq1, k.q)
        out.append(format(m2 + (k.iqmp * (m1 - m2) % k.p) * k.q, "x"))
    return out


def key_problem(rsa_hex: str, roots: list[str]) -> str:
    """Why a registered key cannot be a holder's ("" when it can): its size, or a failing proof."""
    try:
        n = int(rsa_hex, 16)
    except (TypeError, ValueError):
        return "its key is not hex"
    if n.bit_length() < BITS or n % 2 == 0 or rsa_hex != format(n, "x"):
        return (f"its key is not an RSA modulus of at least {BITS} bits "
                "(lower-case hex, no leading zeros)")
    if len(roots) != PROOF_ROUNDS:
        return f"its key proof holds {len(roots)} roots, not {PROOF_ROUNDS}"
    for i, r in enumerate(roots):
        c = _challenge(n, i)
        try:
            ok = math.gcd(c, n) == 1 and pow(int(r, 16), E, n) == c
        except (TypeError, ValueError):
            ok = False
        if not ok:
            return f"its key proof fails at root {i}: a key whose shares might not be unique"
    return ""


def share_message(game: str, key: str) -> bytes:
    """What a share signs: the game's identity (engine/identity.py) and the roll's key."""
    return _SHARE + msgspec.json.encode({"game": game, "key": key}, order="sorted")


def share(der: bytes, game: str, key: str) -> str:
    """This holder's share for roll ``key`` of game ``game`` (hex, as long as the modulus)."""
    _rsa_mod, padding, hashes, _s = _rsa()
    return _private(der).sign(share_message(game, key), padding.PKCS1v15(), hashes.SHA256()).hex()


def valid_share(rsa_hex: str, game: str, key: str, text: str) -> bool:
    """True when ``text`` is the one share ``rsa_hex``'s holder gives for ``key`` of ``game``."""
    rsa, padding, hashes, _s = _rsa()
    n = int(rsa_hex, 16)
    width = (n.bit_length() + 7) // 8
    if not (isinstance(text, str) and len(text) == 2 * width and text == text.lower()):
        return False
    try:
        s = int(text, 16)
    except ValueError:
        return False
    if not 0 < s < n or math.gcd(s, n) != 1:  # a root outside the units could be one of several
        return False
    try:
        rsa.RSAPublicNumbers(E, n).public_key().verify(
            bytes.fromhex(text), share_message(game, key), padding.PKCS1v15(), hashes.SHA256())
    except Exception:  # InvalidSignature, or a modulus the backend refuses
        return False
    return True


def mixed(shares: dict[str, str], order) -> bytes:
    """The seed every share of one key gives together, in the holders' registered order."""
    h = hashlib.sha256(_MIX)
    for holder in order:
        raw = bytes.fromhex(shares[holder])
        h.update(len(raw).to_bytes(4, "big") + raw)
    return h.digest()


def record(der: bytes) -> dict:
    """What a holder who keeps its key gives the game's creator: its public key and its proof."""
    return {"rsa": public(der), "proof": list(_proof(der))}


def holder(name: str, given) -> DiceHolder:
    """The registered holder for ``given``: a key held here (DER bytes), or a record() of one."""
    if isinstance(given, bytes):
        if not is_key(given):
            _rsa()  # without the extra, say so rather than "not a key"
            raise CommandError(f"joint: {name}'s secret is not a joint-dice key (`turnlog secret` "
                               "makes one; 32-byte secrets are the HMAC shares of older games)")
        return DiceHolder(holder=name, **record(given))
    rec = given if isinstance(given, dict) else {}
    rsa_hex, roots = rec.get("rsa"), rec.get("proof")
    roots_ok = isinstance(roots, list) and all(isinstance(r, str) for r in roots)
    if not (isinstance(rsa_hex, str) and roots_ok):
        raise CommandError(f"joint: {name}'s public key must be a record with \"rsa\" and "
                           "\"proof\" (the .pub file `turnlog secret` writes)")
    assert isinstance(rsa_hex, str) and isinstance(roots, list)  # checked just above
    bad = key_problem(rsa_hex, roots)
    if bad:
        raise CommandError(f"joint: {name}'s public key is refused: {bad}")
    return DiceHolder(holder=name, rsa=rsa_hex, proof=list(roots))
