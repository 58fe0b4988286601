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
    'the price 3 is more than the 2 unlocked Scudo P0 holds'
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Hashable

from tradekit.core.domains import Option, refuse
from tradekit.games.turin.actions import Buy, EndTurn, List, Withdraw
from tradekit.games.turin.domains import Amount, Explained
from tradekit.games.turin.view import Listing

#: The end of a market turn (an option holds no state: one serves every menu).
END_TURN = Option(EndTurn)
#: How a purchase of a card nobody lists is refused.
_NOT_FOR_SALE = "card {value} is not for sale"
#: The listing option once a seat has listed in this market window.
_LISTED_ONCE = refuse(List, "a player may list only one card per market window")

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
        return _nothing_to_withdraw(player)
    cards = tuple([x.card for x in listings if x.seller == player and x.listed_round < round_])
    why = functools.partial(_withdraw_refusals, player, listings, round_)
    missing = f"P{player} has no listing on card {{value}}"
    return Option.of(Withdraw, Explained(cards, "the card", why=why, otherwise=missing))


def market_options(
    player: int,
    face_up: tuple[int, ...],
    listings: tuple[Listing, ...],
    money: int,
    listed: bool,
    round_: int,
) -> list[Option]:
    """What ``player`` may do in their market turn, in this order: end it, list one of its
    face-up cards (once per window: ``listed`` says it has), buy, withdraw.

    Args:
        player: the seat in its market turn.
        face_up: its face-up cards.
        listings: every listing, in card order.
        money: its unlocked Scudo (nothing is committed in a market window).
        listed: whether it has listed a card in this window.
        round_: the current round.
    """
    if listed:
        listing = _LISTED_ONCE
    else:
        for_sale = [x.card for x in listings]
        left = tuple([c for c in face_up if c not in for_sale])
        locked = sum([x.price for x in listings if x.seller == player])
        if len(left) == len(face_up):
            listing = _listing_option(player, face_up, money, locked)
        else:
            card = Explained(
                left,
                "the card",
                f"a card among P{player}'s face-up cards",
                why=functools.partial(_already_for_sale, face_up, for_sale),
                otherwise=f"card {{value}} is not among P{player}'s face-up cards",
            )
            listing = Option.of(List, card, _price(player, money, locked))
    return [
        END_TURN,
        listing,
        buy_option(player, listings, money, 0),
        withdraw_option(player, listings, round_),
    ]


@functools.lru_cache(maxsize=4096)
def _listing_option(player: int, face_up: tuple[int, ...], money: int, locked: int) -> Option:
    """The listing of any of ``player``'s face-up cards (none of them is for sale yet) at a price
    from 1 to ``money``; ``locked`` Scudo are on their other listings (for the refusal's words)."""
    card = Explained(
        face_up,
        "the card",
        f"a card among P{player}'s face-up cards",
        otherwise=f"card {{value}} is not among P{player}'s face-up cards",
    )
    return Option.of(List, card, _price(player, money, locked))


def _price(player: int, money: int, locked: int) -> Amount:
    note = f"it is locked from P{player}'s own {money} unlocked Scudo"
    if locked:
        note += f"; {locked} more are locked on listings"
    return Amount(1, money, "the price", note=note)


@functools.lru_cache(maxsize=64)
def _nothing_to_withdraw(player: int) -> Option:
    """The withdrawal option while nothing is listed (one per seat)."""
    missing = f"P{player} has no listing on card {{value}}"
    return Option.of(Withdraw, Explained((), "the card", otherwise=missing))


def _already_for_sale(face_up: tuple[int, ...], for_sale: list[int]) -> list[tuple[int, str]]:
    return [(c, f"card {c} is already for sale") for c in face_up if c in for_sale]


def _buy_refusals(
    player: int, listings: tuple[Listing, ...], money: int, committed: int
) -> list[tuple[Hashable, str]]:
    """Why ``player`` may not claim each listed card it may not claim (worded only when a
    purchase is refused)."""
    out: list[tuple[Hashable, str]] = []
    for listing in listings:
        card = listing.card
        if listing.seller == player:
            out.append((card, "a player cannot buy their own listing"))
        elif listing.price > money and committed:
            out.append(
                (
                    card,
                    f"the price {listing.price} is more than the {money} Scudo P{player} "
                    f"may spend: {committed} are committed to a sealed bid not yet resolved",
                )
            )
        elif listing.price > money:
            out.append(
                (
                    card,
                    f"the price {listing.price} is more than the {money} unlocked "
                    f"Scudo P{player} holds",
                )
            )
    return out


def _withdraw_refusals(
    player: int, listings: tuple[Listing, ...], round_: int
) -> list[tuple[Hashable, str]]:
    """Why ``player`` may not withdraw each listed card it may not withdraw."""
    out: list[tuple[Hashable, str]] = []
    for listing in listings:
        card = listing.card
        if listing.seller != player:
            out.append((card, f"P{player} has no listing on card {card}"))
        elif listing.listed_round >= round_:
            out.append((card, "a listing must stay up for at least one auction round"))
    return out


#: The purchase option while nothing is listed (it refuses every card, saying so).
NOTHING_FOR_SALE = Option(Buy, card=Explained((), "the card", otherwise=_NOT_FOR_SALE))
