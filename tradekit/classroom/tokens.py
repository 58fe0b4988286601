"""Join codes, seat tokens and the teacher's secret: made at random, kept only as hashes.

A *join code* is what the teacher writes on the board: six characters from an alphabet with no
look-alikes (no ``0``/``O``, ``1``/``I``/``L``), so a student can type it from across the room.
A *token* is what a student's device holds once seated: ``<table>.<seat>.<secret>``, the secret
32 random bytes. The room's file keeps only the SHA-256 of each secret, and a presented token is
checked by comparing hashes in constant time (:func:`same`), so neither the file nor the timing
of an answer gives a token away.

Example:
    >>> code = join_code()
    >>> len(code), set(code) <= set(CODE_ALPHABET)
    (6, True)
    >>> normal_code(" abc-def ")
    'ABCDEF'
    >>> secret = new_secret()
    >>> same(digest(secret), digest(secret)), same(digest(secret), digest("guess"))
    (True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

#: The join code's characters: capitals and digits a student cannot misread.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: Characters in a join code.
CODE_LENGTH = 6
#: Random bytes in a seat token or the teacher's secret.
SECRET_BYTES = 32


def join_code() -> str:
    """A fresh join code."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: str) -> str:
    """A typed join code as stored: capitals, without spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def new_secret() -> str:
    """A fresh secret (URL-safe text)."""
    return secrets.token_urlsafe(SECRET_BYTES)


def digest(secret: str) -> str:
    """The SHA-256 of a secret, in hex: what the room's file keeps."""
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def same(a: str, b: str) -> bool:
    """Whether two hashes are equal, compared in constant time."""
    return hmac.compare_digest(a.encode("ascii", "replace"), b.encode("ascii", "replace"))


def split_token(token: str) -> tuple[int, int, str] | None:
    """A seat token's table number, seat and secret, or ``None`` if it is not of that shape.

    Example:
        >>> split_token("12.0.abc"), split_token("abc"), split_token("1.-1.x")
        ((12, 0, 'abc'), None, None)
    """
    parts = token.split(".")
    if len(parts) != 3 or not parts[2]:
        return None
    table, seat, secret = parts
    # isascii: str.isdigit also accepts digits int() refuses, such as "²".
    if not (table.isascii() and seat.isascii() and table.isdigit() and seat.isdigit()):
        return None
    if len(table) > 6 or len(seat) > 3:
        return None
    return int(table), int(seat), secret
