"""Négoces' controls: auction raise and drop buttons, the seller's card buttons, an offer builder
(a card dropdown and a coins slider bounded to what is payable, negative amounts included when
legal, plus withdraw), the seller's accept and continue buttons, and buttons for the variants
(Treasurer, temple, inactive cards, Miser, Thief, face-down cards, Swindler, loans, gifts).

Every control is generated from the legal actions of the seat that must act, so nothing illegal
can be built from the buttons, dropdowns and sliders (the coins slider follows the card chosen:
coins only cannot go below 0). The typed-command box of the table widget can still be mistyped,
and then shows a message.

Handles (keys of ``TableWidget.handles``, CSS class ``tk-c-<key>``):

* auction: ``bid-<amount>``, ``pass``;
* sharing out coins (Thief's or Guard's price, temple gift): ``give-to`` + ``give-coins`` +
  ``give``;
* the seller before a sale: ``put-<good>``, ``sell-inactive-<good>`` (card buttons: each is
  drawn as a card of its good, and clicking the card puts it up), ``treasurer``,
  ``temple-<good>`` (card buttons: clicking the card gives it up at the temple), and the same
  from the keyboard, ``temple-good`` + ``temple``;
* a buyer in a negotiation round: ``offer-<good>`` (card buttons: clicking a card of the hand
  offers it with the coins of the slider), ``offer-card`` + ``offer-coins`` (+ ``offer-loan``,
  bank) + ``offer``, ``stand``, ``withdraw``, ``steal``, ``ban-<seat>``;
* the seller deciding: ``accept-<seat>``, ``continue``, ``ask-<seat>``, ``ban-<seat>``;
* a buyer who may swindle: ``swap-<good>`` (card buttons), ``no-swap``;
* the bank, whenever allowed: ``take-loan``, ``repay-loan`` (plain buttons: a loan is never the
  main action).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import partial
from typing import Any

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.core.domains import Menu, Range
from tradekit.games.negoces.actions import (
    Accept,
    AskToShow,
    Ban,
    Bid,
    Continue,
    Give,
    NoSwap,
    Offer,
    Pass,
    PutUp,
    RepayLoan,
    SellInactive,
    Stand,
    Steal,
    Swap,
    TakeLoan,
    Temple,
    UseTreasurer,
    Withdraw,
)
from tradekit.games.negoces.render import NegocesRenderer
from tradekit.games.negoces.view import NegocesView
from tradekit.i18n import load_messages
from tradekit.widgets.controls import ControlContext, Controls, em, note, register_controls

load_messages("tradekit.games.negoces")


def _wrap(items: list[Any]) -> Any:
    return widgets.HBox(items, layout=widgets.Layout(flex_flow="row wrap"))


def _split_offers(
    legal: Sequence[Action],
) -> tuple[list[Action], dict[tuple[str, bool], list[int]]]:
    """The legal actions but offers, and the legal coin span of each (card, loan card) choice of
    offer. The rules declare each choice's coins as a range: only its ends are read, so a rich
    seat's thousands of offers are never listed."""
    ranges: dict[tuple[str, bool], list[int]] = {}

    def add(good: str | None, loan: bool, low: int, high: int) -> None:
        span = ranges.setdefault((good or "", loan), [low, high])
        span[0], span[1] = min(span[0], low), max(span[1], high)

    if isinstance(legal, Menu):
        rest: list[Action] = []
        for option in legal.options:
            if option.cls is not Offer:
                rest.extend(option)
            elif len(option):
                fields = dict(option.domains)
                coins = fields["coins"]
                assert isinstance(coins, Range)
                for good in fields["good"]:
                    for loan in fields["loan"]:
                        add(good, loan, coins.lo, coins.hi)
        return rest, ranges
    rest = []
    for a in legal:
        if isinstance(a, Offer):
            add(a.good, a.loan, a.coins, a.coins)
        else:
            rest.append(a)
    return rest, ranges


def _card_of(renderer: NegocesRenderer, cc: ControlContext, cards: Sequence[int]) -> dict[str, int]:
    """A card of each good among ``cards`` (the picture a good's card button shows)."""
    good_of = renderer.tables(cc.ctx).good_of
    return {good_of[c]: c for c in sorted(cards, reverse=True) if c in good_of}


@register_controls("negoces")
class NegocesControls(Controls):
    """Controls for the seat that must act in Négoces."""

    def build(self, cc: ControlContext) -> list[Any]:
        """Rows of controls for ``cc.seat``'s legal actions."""
        renderer = cc.renderer
        assert isinstance(renderer, NegocesRenderer)
        view = cc.view
        assert isinstance(view, NegocesView)
        legal, ranges = _split_offers(cc.legal)
        rows: list[Any] = []
        phase = view.phase
        if phase == "auction":
            rows += self._auction(cc, legal)
        elif phase == "gift":
            rows += self._gift(cc, view, legal)
        elif phase == "prepare":
            rows += self._prepare(cc, renderer, view, legal)
        elif phase == "negotiate":
            rows += self._negotiate(cc, renderer, view, legal, ranges)
        elif phase == "decide":
            rows += self._decide(cc, view, legal)
        elif phase == "swindle":
            rows += self._swindle(cc, renderer, view, legal)
        rows += self._bank(cc, legal)
        return rows

    def _auction(self, cc: ControlContext, legal: list[Action]) -> list[Any]:
        buttons = [
            cc.button(f"bid-{a.amount}", cc.label(a), a, style="primary")
            for a in legal
            if isinstance(a, Bid)
        ]
        buttons += [cc.button("pass", cc.label(a), a) for a in legal if isinstance(a, Pass)]
        return [note(cc.t("negoces.c.auction")), _wrap(buttons)]

    def _gift(self, cc: ControlContext, view: NegocesView, legal: list[Action]) -> list[Any]:
        gifts = [a for a in legal if isinstance(a, Give)]
        if not gifts:
            return []
        seats = sorted({a.to for a in gifts})
        amounts = sorted({a.coins for a in gifts})
        to = cc.register(
            "give-to",
            widgets.Dropdown(
                options=[(cc.ctx.name(s), s) for s in seats],
                value=seats[0],
                description=cc.t("negoces.c.give_to"),
                layout=widgets.Layout(width=em(16)),
            ),
        )
        coins = cc.slider("give-coins", cc.t("negoces.coins"), amounts, value=amounts[-1])

        def give() -> Action:
            return Give(int(to.value), int(coins.value))

        left = view.gift[1] if view.gift is not None else amounts[-1]
        button = cc.button("give", cc.t("negoces.c.give_button"), give, style="primary")
        return [note(cc.t("negoces.c.gift", n=left)), _wrap([to, coins, button])]

    def _prepare(
        self,
        cc: ControlContext,
        renderer: NegocesRenderer,
        view: NegocesView,
        legal: list[Action],
    ) -> list[Any]:
        rows: list[Any] = [note(cc.t("negoces.c.prepare"))]
        hand = _card_of(renderer, cc, view.hand)
        inactive = _card_of(renderer, cc, view.inactive[cc.seat])
        sell = [
            cc.card_button(f"put-{a.good}", hand.get(a.good), a)
            for a in legal
            if isinstance(a, PutUp)
        ]
        sell += [
            cc.card_button(f"sell-inactive-{a.good}", inactive.get(a.good), a)
            for a in legal
            if isinstance(a, SellInactive)
        ]
        rows.append(_wrap(sell))
        extra: list[Any] = []
        if UseTreasurer() in legal:
            extra.append(cc.button("treasurer", cc.label(UseTreasurer()), UseTreasurer()))
        temple = [a.good for a in legal if isinstance(a, Temple)]
        if temple:
            # The card given up is the choice: a card button per good (the dropdown and its
            # button below do the same from the keyboard).
            rows.append(note(cc.t("negoces.c.temple_cards")))
            rows.append(
                _wrap(
                    [
                        cc.card_button(f"temple-{g}", hand.get(g), Temple(g), cc.label(Temple(g)))
                        for g in temple
                    ]
                )
            )
            good = cc.register(
                "temple-good",
                widgets.Dropdown(
                    options=[(renderer.good_name(g, cc.ctx), g) for g in temple],
                    value=temple[0],
                    description=cc.t("negoces.c.temple_good"),
                    style={"description_width": "initial"},
                    layout=widgets.Layout(width=em(18.5)),
                ),
            )

            def visit() -> Action:
                return Temple(str(good.value))

            extra += [good, cc.button("temple", cc.t("negoces.c.temple_button"), visit)]
        if extra:
            rows.append(_wrap(extra))
        return rows

    def _negotiate(
        self,
        cc: ControlContext,
        renderer: NegocesRenderer,
        view: NegocesView,
        legal: list[Action],
        ranges: dict[tuple[str, bool], list[int]],
    ) -> list[Any]:
        rows: list[Any] = []
        if ranges:
            good = renderer.card_name(view.market, cc.ctx) if view.market is not None else "?"
            rows.append(note(cc.t("negoces.c.negotiate", good=good)))
            if view.market_inactive:
                rows.append(note(cc.t("negoces.c.coins_only")))
            rows.append(self._offer_builder(cc, renderer, view, ranges))
        buttons: list[Any] = []
        for a in legal:
            if isinstance(a, Stand):
                buttons.append(cc.button("stand", cc.label(a), a))
            elif isinstance(a, Withdraw):
                buttons.append(cc.button("withdraw", cc.label(a), a, style="warning"))
            elif isinstance(a, Steal):
                buttons.append(cc.button("steal", cc.label(a), a, style="danger"))
            elif isinstance(a, Ban):
                buttons.append(cc.button(f"ban-{a.target}", cc.label(a), a, style="danger"))
        rows.append(_wrap(buttons))
        return rows

    def _offer_builder(
        self,
        cc: ControlContext,
        renderer: NegocesRenderer,
        view: NegocesView,
        ranges: dict[tuple[str, bool], list[int]],
    ) -> Any:
        counts = Counter(renderer.tables(cc.ctx).good_of[c] for c in view.hand)
        goods = sorted({g for g, _ in ranges if g})
        options = [(cc.t("negoces.c.no_card"), "")]
        options += [
            (cc.t("negoces.c.card_count", good=renderer.good_name(g, cc.ctx), n=counts[g]), g)
            for g in goods
        ]
        card = cc.register(
            "offer-card",
            widgets.Dropdown(
                options=options,
                value="" if ("", False) in ranges else goods[0],
                description=cc.t("negoces.c.card"),
                layout=widgets.Layout(width=em(17)),
            ),
        )
        loans = any(loan for _, loan in ranges)
        loan = None
        if loans:
            loan = cc.register(
                "offer-loan",
                widgets.Checkbox(value=False, description=cc.t("negoces.c.loan"), indent=False),
            )
        low, high = self._bounds(ranges, str(card.value), False)
        standing = view.offers[cc.seat]
        start = standing.coins if standing is not None else 0
        coins = cc.slider(
            "offer-coins", cc.t("negoces.c.coins"), [low, high], value=start, width=36
        )

        def follow(_: Any = None) -> None:
            # coins only cannot go below 0; a card (or a loan card) allows negative coins
            chosen = (str(card.value), bool(loan.value) if loan is not None else False)
            lo, hi = self._bounds(ranges, *chosen)
            if lo > coins.max:
                coins.max, coins.min = hi, lo
            else:
                coins.min, coins.max = lo, hi

        card.observe(follow, names="value")
        if loan is not None:
            loan.observe(follow, names="value")

        def offer() -> Action:
            good = str(card.value) or None
            return Offer(good, int(coins.value), bool(loan.value) if loan is not None else False)

        def offer_of(good: str) -> Action:
            # The coins chosen on the slider, kept within what may go with this card.
            with_loan = bool(loan.value) if loan is not None else False
            lo, hi = self._bounds(ranges, good, with_loan)
            return Offer(good, min(max(int(coins.value), lo), hi), with_loan)

        # Clicking a card of the hand offers it, with the coins of the slider; the dropdown and
        # the Offer button do the same from the keyboard (and offer coins alone).
        hand = _card_of(renderer, cc, view.hand)
        cards = [cc.card_button(f"offer-{g}", hand.get(g), partial(offer_of, g), "") for g in goods]

        def retitle(_: Any = None) -> None:
            # Each card's tooltip (and what a screen reader says) is the offer it makes now.
            for g in goods:
                words = cc.label(offer_of(g))
                cc.handles[f"offer-{g}"].description = cc.handles[f"offer-{g}"].tooltip = words

        retitle()

        coins.observe(retitle, names="value")
        if loan is not None:
            loan.observe(retitle, names="value")
        button = cc.button("offer", cc.t("negoces.c.offer_button"), offer, style="primary")
        items = [card, *([loan] if loan is not None else []), coins, button]
        if not cards:
            return _wrap(items)
        return widgets.VBox([note(cc.t("negoces.c.offer_cards")), _wrap(cards), _wrap(items)])

    @staticmethod
    def _bounds(ranges: dict[tuple[str, bool], list[int]], good: str, loan: bool) -> list[int]:
        span = ranges.get((good, loan)) or ranges.get((good, False))
        if span is None:
            span = next(iter(ranges.values()))
        return [span[0], span[1]]

    def _decide(self, cc: ControlContext, view: NegocesView, legal: list[Action]) -> list[Any]:
        closing = view.negotiation_round >= view.negotiation_rounds
        rows: list[Any] = [note(cc.t("negoces.c.close" if closing else "negoces.c.decide"))]
        accept = [
            cc.button(f"accept-{a.buyer}", cc.label(a), a, style="success")
            for a in legal
            if isinstance(a, Accept)
        ]
        rows.append(_wrap(accept))
        other: list[Any] = []
        for a in legal:
            if isinstance(a, Continue):
                other.append(cc.button("continue", cc.label(a), a, style="primary"))
            elif isinstance(a, AskToShow):
                other.append(cc.button(f"ask-{a.buyer}", cc.label(a), a, style="info"))
            elif isinstance(a, Ban):
                other.append(cc.button(f"ban-{a.target}", cc.label(a), a, style="danger"))
        if other:
            rows.append(_wrap(other))
        return rows

    def _swindle(
        self,
        cc: ControlContext,
        renderer: NegocesRenderer,
        view: NegocesView,
        legal: list[Action],
    ) -> list[Any]:
        hand = _card_of(renderer, cc, view.hand)
        buttons = [
            cc.card_button(f"swap-{a.good}", hand.get(a.good), a)
            for a in legal
            if isinstance(a, Swap)
        ]
        buttons += [cc.button("no-swap", cc.label(a), a) for a in legal if isinstance(a, NoSwap)]
        return [note(cc.t("negoces.c.swindle")), _wrap(buttons)]

    def _bank(self, cc: ControlContext, legal: list[Action]) -> list[Any]:
        buttons: list[Any] = []
        if TakeLoan() in legal:
            # a loan is never the main action: it keeps the plain style
            buttons.append(cc.button("take-loan", cc.label(TakeLoan()), TakeLoan()))
        if RepayLoan() in legal:
            buttons.append(cc.button("repay-loan", cc.label(RepayLoan()), RepayLoan()))
        if not buttons:
            return []
        return [_wrap([*buttons, note(cc.t("negoces.c.bank"))])]
