"""Whether 32 bytes are an Ed25519 public key that can verify a signature: RFC 8032 §5.1.3 decoding.

OpenSSL (through ``cryptography``) accepts any 32 bytes as a public key and fails only when a
signature is checked, so a seat registered with ``ff`` × 32 could never sign. The check here decodes the point
as RFC 8032 does (y below the field prime, x recovered from the curve equation, x = 0 only with a
clear sign bit) and also refuses the eight points of small order, whose "signatures" prove nothing.
Pure integer arithmetic; run once per key at a game's creation.
"""
from __future__ import annotations

P = 2**255 - 19
D = (-121665 * pow(121666, P - 2, P)) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)


def problem(public: bytes) -> str:
    """Why ``public`` is no usable Ed25519 public key, or '' when it is one."""
    if len(public) != 32:
        return "not 32 bytes"
    n = int.from_bytes(public, "little")
    y, sign = n & ((1 << 255) - 1), n >> 255
    if y >= P:
        return "its y coordinate is not below the field prime (RFC 8032 5.1.3 step 1)"
    x = _recover_x(y, sign)
    if x is None:
        return "no point of the curve has that y coordinate and sign (RFC 8032 5.1.3 steps 2-4)"
    point = (x, y, 1, x * y % P)
    for _ in range(3):  # times 8, the cofactor: a small-order point becomes the identity
        point = _double(point)
    if point[0] % P == 0 and (point[1] - point[2]) % P == 0:
        return "a point of small order (it would accept forged signatures)"
    return ""


def _recover_x(y: int, sign: int) -> int | None:
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if (v * x * x - u) % P:
        x = x * SQRT_M1 % P
        if (v * x * x - u) % P:
            return None
    if x == 0 and sign:
        return None
    return P - x if (x & 1) != sign else x


def _double(pt: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """2·pt in extended coordinates (the a = -1 twisted Edwards doubling formula)."""
    x1, y1, z1, _t = pt
    a, b, c = x1 * x1 % P, y1 * y1 % P, 2 * z1 * z1 % P
    h = (a + b) % P
    e = (h - (x1 + y1) ** 2) % P
    g = (a - b) % P
    f = (c + g) % P
    return e * f % P, g * h % P, f * g % P, e * h % P
