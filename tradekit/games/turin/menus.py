"""Turin Market's market and purchase options, declared from the few facts they depend on.

A menu is declared at every decision, and the options of the market and of purchases depend only
on the listings, the seat, what it may spend and (to withdraw) the round. These builders take
exactly those facts and nothing of the state, so they can be read and tested on their own. The
refusals of cards are worded only when a card is refused (most menus are read, not refused).

Example:
    >>> from tradekit.games.turin.view import Listing
    >>> listings = (Listing(card=4, seller=1, price=3, listed_round=1),)
    >>> list(buy_option(0, listings, 5, 0))
    [Buy(card=4)]
    >>> buy_option(0, listings, 2, 0).reason(Buy(4))
    'the price 3 is more than the 2 unlocked Scudo P1 holds'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable

from tradekit.core.domains import Option, refuse
from tradekit.core.errors import Reason
from tradekit.core.seats import seat_label
from tradekit.games.turin.actions import Buy, EndTurn, List, Withdraw
from tradekit.games.turin.domains import Amount, Explained
from tradekit.games.turin.view import Listing

#: The end of a market turn (an option holds no state: one serves every menu).
END_TURN = Option(EndTurn)
#: How a purchase of a card nobody lists is refused.
_NOT_FOR_SALE = Reason("card {value} is not for sale", "turin.not_for_sale")
#: The listing option once a seat has listed in this market window.
_LISTED_ONCE = refuse(
    List, Reason("a player may list only one card per market window", "turin.listed_once")
)

Refusals = Callable[[], list[tuple[Hashable, str]]]


def buy_option(player: int, listings: tuple[Listing, ...], money: int, committed: int) -> Option:
    """The purchases ``player`` may claim outside their market turn: the listed cards of other
    sellers it can pay for, in card order.

    Args:
        player: the seat.
        listings: every listing, in card order.
        money: the Scudo ``player`` may spend on a purchase (unlocked, not committed).
        committed: the Scudo ``player`` has committed to a sealed bid (for the refusal's words).
    """
    if not listings:
        return NOTHING_FOR_SALE
    cards = tuple([x.card for x in listings if x.seller != player and x.price <= money])
    why = functools.partial(_buy_refusals, player, listings, money, committed)
    return Option.of(Buy, Explained(cards, "the card", why=why, otherwise=_NOT_FOR_SALE))


def withdraw_option(player: int, listings: tuple[Listing, ...], round_: int) -> Option:
    """The listings ``player`` may withdraw in its market turn (those up since an earlier
    round), in card order.

    Args:
        player: the seat in its market turn.
        listings: every listing, in card order.
        round_: the current round.
    """
    if not listings:
        return nothing_to_withdraw(player)
    cards = tuple([x.card for x in listings if x.seller == player and x.listed_round < round_])
    why = functools.partial(_withdraw_refusals, player, listings, round_)
    return Option.of(Withdraw, Explained(cards, "the card", why=why, otherwise=_no_listing(player)))


def listing_option(
    player: int,
    face_up: tuple[int, ...],
    listings: tuple[Listing, ...],
    money: int,
    listed: bool,
) -> Option:
    """The listings ``player`` may make in their market turn: one of its face-up cards not yet
    for sale, at a price from 1 to its unlocked Scudo, once per window (``listed`` says it has
    listed in this window).

    The market turn offers, in this order: :data:`END_TURN`, this option, :func:`buy_option`
    (nothing is committed in a market window) and :func:`withdraw_option`.

    Args:
        player: the seat in its market turn.
        face_up: its face-up cards.
        listings: every listing, in card order.
        money: its unlocked Scudo.
        listed: whether it has listed a card in this window.

    Example:
        >>> listings = (Listing(card=4, seller=0, price=3, listed_round=1),)
        >>> option = listing_option(0, (4, 8), listings, 2, False)
        >>> list(option)
        [List(card=8, price=1), List(card=8, price=2)]
        >>> option.reason(List(4, 1))
        'card 4 is already for sale'
    """
    if listed:
        return _LISTED_ONCE
    left: tuple[int, ...] = face_up
    locked = 0
    why: Refusals | tuple[()] = ()
    if listings:
        for_sale = [x.card for x in listings]
        left = tuple([c for c in face_up if c not in for_sale])
        locked = sum([x.price for x in listings if x.seller == player])
        if len(left) != len(face_up):
            why = functools.partial(_already_for_sale, face_up, for_sale)
    what, otherwise = _face_up_words(player)
    card = Explained(left, "the card", what, why=why, otherwise=otherwise)
    return Option.of(List, card, _price(player, money, locked))


@functools.lru_cache(maxsize=64)
def _face_up_words(player: int) -> tuple[str, str]:
    """How a listing's card is named and refused (one pair per seat: menus are declared at
    every decision)."""
    return (
        f"a card among {seat_label(player)}'s face-up cards",
        Reason(
            f"card {{value}} is not among {seat_label(player)}'s face-up cards",
            "turin.not_face_up",
            seat=player,
        ),
    )


@functools.lru_cache(maxsize=256)
def _price(player: int, money: int, locked: int) -> Amount:
    """The price of a listing: 1 to ``money`` (``locked`` Scudo more are on listings)."""
    note = f"it is locked from {seat_label(player)}'s own {money} unlocked Scudo"
    if locked:
        note += f"; {locked} more are locked on listings"
        why = Reason(note, "turin.price_locked_more", seat=player, money=money, locked=locked)
    else:
        why = Reason(note, "turin.price_locked", seat=player, money=money)
    return Amount(1, money, "the price", note=why)


@functools.lru_cache(maxsize=64)
def nothing_to_withdraw(player: int) -> Option:
    """The withdrawal option while nothing is listed (one per seat)."""
    return Option.of(Withdraw, Explained((), "the card", otherwise=_no_listing(player)))


@functools.lru_cache(maxsize=64)
def _no_listing(player: int) -> Reason:
    """How a withdrawal of a card ``player`` has not listed is refused (``{value}``: the card)."""
    return Reason(
        f"{seat_label(player)} has no listing on card {{value}}", "turin.no_listing", seat=player
    )


def _already_for_sale(face_up: tuple[int, ...], for_sale: list[int]) -> list[tuple[Hashable, str]]:
    return [
        (c, Reason(f"card {c} is already for sale", "turin.already_for_sale", card=c))
        for c in face_up
        if c in for_sale
    ]


def _buy_refusals(
    player: int, listings: tuple[Listing, ...], money: int, committed: int
) -> list[tuple[Hashable, str]]:
    """Why ``player`` may not claim each listed card it may not claim (worded only when a
    purchase is refused)."""
    out: list[tuple[Hashable, str]] = []
    for listing in listings:
        card = listing.card
        if listing.seller == player:
            out.append((card, Reason("a player cannot buy their own listing", "turin.own_listing")))
        elif listing.price > money and committed:
            why = Reason(
                f"the price {listing.price} is more than the {money} Scudo "
                f"{seat_label(player)} "
                f"may spend: {committed} are committed to a sealed bid not yet resolved",
                "turin.price_committed",
                price=listing.price,
                money=money,
                seat=player,
                committed=committed,
            )
            out.append((card, why))
        elif listing.price > money:
            why = Reason(
                f"the price {listing.price} is more than the {money} unlocked "
                f"Scudo {seat_label(player)} holds",
                "turin.price_unlocked",
                price=listing.price,
                money=money,
                seat=player,
            )
            out.append((card, why))
    return out


def _withdraw_refusals(
    player: int, listings: tuple[Listing, ...], round_: int
) -> list[tuple[Hashable, str]]:
    """Why ``player`` may not withdraw each listed card it may not withdraw."""
    out: list[tuple[Hashable, str]] = []
    for listing in listings:
        card = listing.card
        if listing.seller != player:
            why = Reason(
                f"{seat_label(player)} has no listing on card {card}",
                "turin.no_listing",
                seat=player,
                value=card,
            )
            out.append((card, why))
        elif listing.listed_round >= round_:
            why = Reason("a listing must stay up for at least one auction round", "turin.too_new")
            out.append((card, why))
    return out


#: The purchase option while nothing is listed (it refuses every card, saying so).
NOTHING_FOR_SALE = Option(Buy, card=Explained((), "the card", otherwise=_NOT_FOR_SALE))
