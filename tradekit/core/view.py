"""The base of every game's view: the fields every game has, and the one check of who is viewing.

A game's view is a frozen dataclass that extends :class:`BaseView` with its own fields (hands,
listings, auctions...). Front ends and bots that work for every game read only these fields.

Example:
    >>> check_viewer(1, 3), check_viewer(None, 3), check_viewer("all", 3)
    (1, None, 'all')
    >>> check_viewer(3, 3)
    Traceback (most recent call last):
    ...
    tradekit.core.view.ViewerError: a view is for a seat from 0 to 2, None (the public) or 'all' \
(the teacher); got 3
"""

from __future__ import annotations

import dataclasses

from tradekit.core.errors import TradekitError

#: Who a view is for: a seat number, ``None`` for the public (projector) view, ``"all"`` for the
#: teacher.
Viewer = int | None | str


class ViewerError(TradekitError):
    """A view was asked for somebody who is not a seat, the public or the teacher."""


def check_viewer(viewer: object, seats: int) -> Viewer:
    """Return ``viewer`` if it is a seat of a game of ``seats`` seats, ``None`` or ``"all"``.

    Raises:
        ViewerError: for anything else (``True``, ``1.0``, ``-1``, ``"teacher"``...).
    """
    if viewer is None or (viewer == "all" and type(viewer) is str):
        return viewer
    if type(viewer) is int and 0 <= viewer < seats:
        return viewer
    raise ViewerError(
        f"a view is for a seat from 0 to {seats - 1}, None (the public) or 'all' (the teacher); "
        f"got {viewer!r}"
    )


@dataclasses.dataclass(frozen=True, slots=True)
class BaseView:
    """What every game's view holds.

    Attributes:
        viewer: who the view is for (a seat, ``None`` for the public, ``"all"`` for the teacher).
        players: how many seats the game has.
        round: the round in play (0 before the first).
        phase: the phase in play ("over" once the game has ended).
        to_move: the seats that must act now.
        scores: each seat's score as far as the viewer may know it (``None`` for a score the
            viewer may not see yet); final once the game is over.
        winners: the winning seats once the game is over, else empty.
    """

    viewer: Viewer
    players: int
    round: int
    phase: str
    to_move: tuple[int, ...]
    scores: tuple[int | None, ...]
    winners: tuple[int, ...]
