"""Turin Market's market and purchase options, declared from the few facts they depend on.

A menu is declared at every decision, and the options of the market and of purchases depend only
on the listings, the seat, what it may spend and (to withdraw) the round. These builders take
exactly those facts, so the options of one position are made once and served again while
nothing they depend on changes (the other seats' sealed moves, a pass in a claim step).

Example:
    >>> from tradekit.games.turin.view import Listing
    >>> listings = (Listing(card=4, seller=1, price=3, listed_round=1),)
    >>> [list(o) for o in trade_options(0, listings, 5, 0, 2, False)]
    [[Buy(card=4)]]
    >>> trade_options(0, listings, 2, 0, 2, False)[0].reason(Buy(4))
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

Refusals = Callable[[], list[tuple[Hashable, str]]]


@functools.lru_cache(maxsize=4096)
def trade_options(
    player: int,
    listings: tuple[Listing, ...],
    money: int,
    committed: int,
    round_: int,
    withdraw: bool,
) -> tuple[Option, ...]:
    """The purchases ``player`` may claim and, in their market turn (``withdraw``), the
    listings they may withdraw: one option per run of listings of the same kind, so that the list
    follows the listings' card order; every option words the refusal of any card the same way.

    Args:
        player: the seat.
        listings: every listing, in card order.
        money: the Scudo ``player`` may spend on a purchase (unlocked, not committed).
        committed: the Scudo ``player`` has committed to a sealed bid (for the refusal's words).
        round_: the current round (a listing may be withdrawn after a later round was played).
        withdraw: whether withdrawals are offered too.
    """
    missing = f"P{player} has no listing on card {{value}}"
    if not listings:
        options = [_unlisted(Buy, "card {value} is not for sale")]
        if withdraw:
            options.append(_unlisted(Withdraw, missing))
        return tuple(options)
    runs: list[tuple[type[Action], list[int]]] = []
    for listing in listings:
        kind: type[Action] | None = None
        if listing.seller == player:
            if withdraw and listing.listed_round < round_:
                kind = Withdraw
        elif listing.price <= money:
            kind = Buy
        if kind is None:
            continue
        if runs and runs[-1][0] is kind:
            runs[-1][1].append(listing.card)
        else:
            runs.append((kind, [listing.card]))
    buy_why: Refusals = functools.partial(_buy_refusals, player, listings, money, committed)
    kinds: list[tuple[type[Action], Refusals, str]] = [
        (Buy, buy_why, "card {value} is not for sale")
    ]
    if withdraw:
        withdraw_why = functools.partial(_withdraw_refusals, player, listings, round_)
        kinds.append((Withdraw, withdraw_why, missing))
    options = []
    for kind, cards in runs:
        for cls, why, otherwise in kinds:
            if cls is kind:
                domain = Explained(tuple(cards), "the card", why=why, otherwise=otherwise)
                options.append(Option(cls, card=domain))
    for cls, why, otherwise in kinds:
        if not any(kind is cls for kind, _ in runs):
            domain = Explained((), "the card", why=why, otherwise=otherwise)
            options.append(Option(cls, card=domain))
    return tuple(options)


def market_options(
    player: int,
    face_up: tuple[int, ...],
    listings: tuple[Listing, ...],
    money: int,
    listed: bool,
    round_: int,
) -> tuple[Option, ...]:
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
    options: list[Option] = [END_TURN]
    if listed:
        options.append(refuse(List, "a player may list only one card per market window"))
    else:
        listed_cards = {x.card for x in listings}
        listable = tuple(c for c in face_up if c not in listed_cards)
        why = tuple((c, f"card {c} is already for sale") for c in face_up if c in listed_cards)
        card = Explained(
            listable,
            "the card",
            f"a card among P{player}'s face-up cards",
            why=why,
            otherwise=f"card {{value}} is not among P{player}'s face-up cards",
        )
        locked = sum(x.price for x in listings if x.seller == player)
        note = f"it is locked from P{player}'s own {money} unlocked Scudo"
        if locked:
            note += f"; {locked} more are locked on listings"
        options.append(Option(List, card=card, price=Amount(1, money, "the price", note=note)))
    return (*options, *trade_options(player, listings, money, 0, round_, True))


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
NOTHING_FOR_SALE = _unlisted(Buy, "card {value} is not for sale")
