"""The parts of Négoces's menus that are made from facts alone: the offers a buyer may make, and
refusals worded once per seat."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from tradekit.core.actions import Action
from tradekit.core.domains import Domain, Option, refuse
from tradekit.core.errors import Reason
from tradekit.core.seats import seat_label
from tradekit.games.negoces.actions import Offer
from tradekit.games.negoces.choices import Among, Amounts, Only

if TYPE_CHECKING:
    pass


class OfferOption(Option):
    """An option of offers: one card choice, a range of coins and one loan choice (made by
    :meth:`Option.of`, every field declared), indexed without the general walk over fields.

    The loan domain holds one value, so the ``index``-th offer is the card choice's
    ``index // coins``-th value with the coins' ``index % coins``-th (the field product's order).
    """

    __slots__ = ()

    def _at(self, index: int) -> Action:
        (_, card), (_, coins), (_, loan) = self.domains
        if len(loan) != 1 or self.where is not None:
            return super()._at(index)  # not the shape read here: the general walk
        high, low = divmod(index, len(coins))
        return Offer(card.value(high), coins.value(low), loan.value(0))


@functools.lru_cache(maxsize=1024)
def refused(cls: type[Action], why: str, player: int, key: str) -> Option:
    """:func:`refuse` with ``why`` worded for ``player`` (``{player}`` filled in with its label,
    ``P1``; the reason's message ``key`` has the seat as ``{seat}``), made once per seat: menus
    are declared at every decision and these refusals recur in each."""
    reason = Reason(why.format(player=seat_label(player)), key, seat=player)
    return refuse.__wrapped__(cls, reason)  # cached once, here


def offer_choices(
    player: int,
    seller: int,
    most: int,
    least: int,
    goods: tuple[str, ...],
    held: bool,
    inactive: bool,
    blind: bool = False,
) -> tuple[Option, ...]:
    """The offers of :meth:`NegocesState._offer_options`, from the facts they depend on:
    ``player``'s coins (``most``), minus the seller's coins (``least``; minus every coin of
    the game in the blind variant, where the seller's coins are hidden), the goods in
    ``player``'s hand, whether they hold a loan card and whether the market card is inactive
    (a sale's buyers offer again and again with the same facts).

    Not cached: the facts repeat too seldom (about one call in four over long runs), and a full
    cache of options, each holding its own closures, makes every garbage collection walk them.
    """

    def too_many(v: object) -> str | None:
        if type(v) is int and v > most:
            return Reason(
                f"{seat_label(player)} cannot offer {v} coins: the offer must be payable",
                "negoces.too_many",
                seat=player,
                coins=v,
            )
        return None

    if inactive:

        def inactive_coins(v: object) -> str | None:
            return too_many(v) or (COINS_ONLY if type(v) is int and v < 0 else None)

        good, loan = INACTIVE_FIELDS
        coins = Amounts(0, most, "the coins offered", inactive_coins)
        return (OfferOption.of(Offer, good, coins, loan),)

    def bare(v: object) -> str | None:
        if type(v) is int and v < 0:
            return NEGATIVE_WITH_CARD
        return too_many(v)

    def payable(v: object) -> str | None:
        if type(v) is int and v < least:
            if blind:
                return Reason(
                    f"the game holds only {-least} coins: no seller could pay {-v}",
                    "negoces.game_coins",
                    coins=-least,
                    asked=-v,
                )
            return Reason(
                f"the seller {seat_label(seller)} could not pay {-v} coins: the offer must be "
                "payable",
                "negoces.seller_cannot_pay",
                seat=seller,
                asked=-v,
            )
        return too_many(v)

    cards, loans = offer_fields(player, goods, held)
    if not held:
        # Without a loan card: one option for coins alone, one for every card (listed good by
        # good, then by coins: the order of the field product).
        ((no_card, any_card), (no_loan,)) = cards, loans
        return (
            OfferOption.of(Offer, no_card, Amounts(0, most, "the coins offered", bare), no_loan),
            OfferOption.of(
                Offer, any_card, Amounts(least, most, "the coins offered", payable), no_loan
            ),
        )
    # Two ranges of coins serve every option (domains are values, shared by the options).
    bare_coins = Amounts(0, most, "the coins offered", bare)
    payable_coins = Amounts(least, most, "the coins offered", payable)
    options = []
    for k, card in enumerate(cards):
        for loan in loans:
            bare_offer = k == 0 and not loan.only  # no card (the first choice) and no loan card
            coins = bare_coins if bare_offer else payable_coins
            options.append(OfferOption.of(Offer, card, coins, loan))
    return tuple(options)


#: Why an inactive card is bought for coins alone.
COINS_ONLY = Reason("an inactive card is bought for coins only (0 or more)", "negoces.coins_only")
#: Why an offer of negative coins without a card is refused.
NEGATIVE_WITH_CARD = Reason(
    "negative coins come with a card (the seller pays them to the buyer)", "negoces.negative"
)
#: The card and loan fields of an offer for an inactive card: none of either.
INACTIVE_FIELDS = (
    Only(None, "the card offered", Reason(f"None: {COINS_ONLY}", "negoces.none_coins_only")),
    Only(False, "the loan card", Reason(f"False: {COINS_ONLY}", "negoces.false_coins_only")),
)


@functools.lru_cache(maxsize=1024)
def offer_fields(
    player: int, goods: tuple[str, ...], held: bool
) -> tuple[tuple[Domain, ...], tuple[Only, ...]]:
    """The card and loan domains of ``player``'s offers, which depend only on the goods in hand
    and the loan card (they outlive the coins, which change from sale to sale).

    Without a loan card: (no card, any good in hand) and (no loan card,). With one: every card
    choice one by one (none first) and (without, with the loan card).
    """
    # The hand is not listed: a refusal may be read by others than its seat (see OneOf).
    good_text = f"None or a good in {seat_label(player)}'s hand"
    loan_text = (
        "True or False" if held else f"False ({seat_label(player)} holds no loan card to offer)"
    )
    no_card = Only(None, "the card offered", good_text)
    if not held:
        any_card = Among(
            goods, "the card offered", f"None or a good in {seat_label(player)}'s hand", secret=True
        )
        return (no_card, any_card), (Only(False, "the loan card", loan_text),)
    cards = (no_card, *(Only(g, "the card offered", good_text) for g in goods))
    return cards, (Only(False, "the loan card", loan_text), Only(True, "the loan card", loan_text))
