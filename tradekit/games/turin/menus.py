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

from tradekit.core.actions import Action
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
    cards = tuple([x.card for x in listings if x.seller != player and x.price <= money])
    why = functools.partial(_buy_refusals, player, listings, money, committed)
    return Option(Buy, card=Explained(cards, "the card", why=why, otherwise=_NOT_FOR_SALE))


def trade_options(
    player: int, listings: tuple[Listing, ...], money: int, round_: int
) -> list[Option]:
    """In ``player``'s market turn, the purchases it may claim and the listings it may withdraw:
    one option per run of listings of the same kind, so that the list follows the listings' card
    order; every option words the refusal of any card the same way.

    Args:
        player: the seat in its market turn.
        listings: every listing, in card order.
        money: its unlocked Scudo (nothing is committed in a market window).
        round_: the current round (a listing may be withdrawn after a later round was played).
    """
    missing = f"P{player} has no listing on card {{value}}"
    if not listings:
        return [_unlisted(Buy, _NOT_FOR_SALE), _unlisted(Withdraw, missing)]
    buy_why = functools.partial(_buy_refusals, player, listings, money, 0)
    withdraw_why = functools.partial(_withdraw_refusals, player, listings, round_)
    options: list[Option] = []
    kind: type[Action] | None = None
    cards: list[int] = []
    buys = withdrawals = False
    for listing in (*listings, None):  # None closes the last run
        if listing is None:
            now: type[Action] | None = None
        elif listing.seller == player:
            if listing.listed_round >= round_:
                continue
            now = Withdraw
        elif listing.price <= money:
            now = Buy
        else:
            continue
        if now is not kind and kind is not None:  # a run ends
            if kind is Buy:
                buys = True
                domain = Explained(cards, "the card", why=buy_why, otherwise=_NOT_FOR_SALE)
            else:
                withdrawals = True
                domain = Explained(cards, "the card", why=withdraw_why, otherwise=missing)
            options.append(Option(kind, card=domain))
            cards = []
        if listing is not None:
            kind = now
            cards.append(listing.card)
    if not buys:
        domain = Explained((), "the card", why=buy_why, otherwise=_NOT_FOR_SALE)
        options.append(Option(Buy, card=domain))
    if not withdrawals:
        domain = Explained((), "the card", why=withdraw_why, otherwise=missing)
        options.append(Option(Withdraw, card=domain))
    return options


def market_options(
    player: int,
    face_up: tuple[int, ...],
    listings: tuple[Listing, ...],
    money: int,
    listed: bool,
    round_: int,
) -> list[Option]:
    """What ``player`` may do in their market turn: end it, list one of its face-up cards (once
    per window: ``listed`` says it has), buy, withdraw.

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
        card = Explained(
            [c for c in face_up if c not in for_sale] if for_sale else face_up,
            "the card",
            f"a card among P{player}'s face-up cards",
            why=functools.partial(_already_for_sale, face_up, for_sale),
            otherwise=f"card {{value}} is not among P{player}'s face-up cards",
        )
        locked = sum([x.price for x in listings if x.seller == player])
        note = f"it is locked from P{player}'s own {money} unlocked Scudo"
        if locked:
            note += f"; {locked} more are locked on listings"
        listing = Option(List, card=card, price=Amount(1, money, "the price", note=note))
    return [END_TURN, listing, *trade_options(player, listings, money, round_)]


def _already_for_sale(face_up: tuple[int, ...], for_sale: list[int]) -> list[tuple[int, str]]:
    return [(c, f"card {c} is already for sale") for c in face_up if c in for_sale]


@functools.lru_cache(maxsize=64)
def _unlisted(cls: type[Action], otherwise: str) -> Option:
    """The option of a card action when nothing is listed: no card, and ``otherwise`` says so."""
    return Option(cls, card=Explained((), "the card", otherwise=otherwise))


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
NOTHING_FOR_SALE = _unlisted(Buy, _NOT_FOR_SALE)
