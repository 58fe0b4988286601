"""How a seat is named wherever a person reads it: numbered from 1, ``P1`` in English, ``J1``
in French.

Code numbers seats from 0 (``state.apply(0, ...)``, ``view.seat``, saves); people count players
from 1, as the rulebooks do ("J1 bids 6"). Every text a person reads names a seat through
:func:`seat_label`: the engine's narration, refusals and action texts (in English), and the
renderer's, the bots' and the table's words (in the table's language, through
:func:`tradekit.i18n.seat_label`, which is this function).

Example:
    >>> seat_label(0), seat_label(2, "fr")
    ('P1', 'J3')
    >>> seats_label([0, 1])
    'P1, P2'
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable
from itertools import repeat

#: The letter before a seat's number, by language (player, joueur).
SEAT_LETTERS: dict[str, str] = {"en": "P", "fr": "J"}

#: The labels of the first seats in each language, made once: the engine names a seat in two or
#: three narrations per decision.
_LABELS: dict[str, tuple[str, ...]] = {
    lang: tuple(f"{letter}{seat + 1}" for seat in range(32))
    for lang, letter in SEAT_LETTERS.items()
}


def seat_label(seat: object, lang: str = "en") -> str:
    """Seat ``seat`` (0-based, as code numbers it) as a person reads it: ``P1`` for seat 0.

    Args:
        seat: the seat number, from 0. Anything else (a refusal may name a value given where a
            seat was expected) is written as it is given, quoted: it is no seat to count.
        lang: ``"en"`` or ``"fr"`` (``J1``); another language reads as English.

    Example:
        >>> seat_label(True), seat_label("x"), seat_label(None)
        ('True', "'x'", 'None')
    """
    if type(seat) is int and 0 <= seat < 32:
        labels = _LABELS.get(lang)
        if labels is not None:
            return labels[seat]
    elif type(seat) is not int:
        # a numpy integer is a seat too (a bot's arithmetic gives them); a bool is not
        if not isinstance(seat, numbers.Integral) or isinstance(seat, bool):
            return repr(seat)
        seat = int(seat)
    return f"{SEAT_LETTERS.get(lang, 'P')}{seat + 1}"


class SeatNumber(int):
    """A seat (0-based) among the fields of a message formatted later, in a language not known
    yet (a bot's reason): the message writes it as :func:`seat_label` in its own language.

    Example:
        >>> SeatNumber(1) == 1, seat_label(SeatNumber(1), "fr")
        (True, 'J2')
    """

    __slots__ = ()


def seats_label(seats: Iterable[object], lang: str = "en", sep: str = ", ") -> str:
    """Several seats' labels joined by ``sep`` (``"P1, P3"``)."""
    # map in C: the engine's narration names seats this way at every round and final payout.
    return sep.join(map(seat_label, seats, repeat(lang)))
