"""Turin Market's controls: card buttons, a bid slider bounded to what is legal, goose
declaration buttons, a listing builder (card and price), buy and withdraw buttons, the claim
step's buttons (claim too, pass, or, for the seller, whom to sell to), the loan button.

Purchases and loans may be made out of turn: whenever the seat's legal actions hold a purchase
(in any phase), a ``buy-<card>`` button is shown for it.

Every control is generated from the legal actions of the seat that must act, so nothing illegal
can be built from the buttons and sliders; the typed-command box of the table widget can still be
mistyped, and then shows a message.

Handles (keys of ``TableWidget.handles``, CSS class ``tk-c-<key>``): ``offer-<card>``,
``bid-amount`` + ``bid``, ``add-amount`` + ``add``, ``take-goose``, ``give-goose-<seat>``,
``decline-goose``, ``pick-<card>``, ``list-card`` + ``list-price`` + ``list``, ``list-<card>``,
``buy-<card>``, ``withdraw-<card>``, ``end-turn``, ``pass-claim``, ``sell-to-<seat>``, ``loan``.

Offers, picks, purchases and listings are card buttons: each is drawn as its card's picture,
and clicking the card is the action (a card listed by a click takes the price slider's price).
The loan keeps the plain style: the main action of the moment is the eye-catching one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.games.turin.actions import (
    AddBid,
    Bid,
    Buy,
    DeclineGoose,
    EndTurn,
    GiveGoose,
    List,
    Offer,
    PassClaim,
    Pick,
    SellTo,
    TakeGoose,
    TakeLoan,
    Withdraw,
)
from tradekit.games.turin.render import TurinRenderer
from tradekit.i18n import load_messages
from tradekit.widgets.controls import ControlContext, Controls, em, note, register_controls

load_messages("tradekit.games.turin")


@register_controls("turin")
class TurinControls(Controls):
    """Controls for the seat that must act in Turin Market."""

    def build(self, cc: ControlContext) -> list[Any]:
        """Rows of controls for ``cc.seat``'s legal actions."""
        renderer = cc.renderer
        assert isinstance(renderer, TurinRenderer)
        legal = list(cc.legal)
        rows: list[Any] = []

        offers = [a for a in legal if isinstance(a, Offer)]
        if offers:
            rows.append(note(cc.t("turin.c.offer")))
            rows.append(self._card_buttons(cc, renderer, offers, "offer"))

        bids = [a.amount for a in legal if isinstance(a, Bid)]
        if bids:
            rows.append(self._amount_row(cc, "bid", bids, Bid, "turin.c.bid", "turin.c.bid_button"))

        adds = [a.amount for a in legal if isinstance(a, AddBid)]
        if adds:
            rows.append(
                self._amount_row(cc, "add", adds, AddBid, "turin.c.add", "turin.c.add_button")
            )
        goose: list[Any] = []
        for action in legal:
            if isinstance(action, TakeGoose):
                goose.append(cc.button("take-goose", cc.label(action), action))
            elif isinstance(action, GiveGoose):
                goose.append(cc.button(f"give-goose-{action.to}", cc.label(action), action))
            elif isinstance(action, DeclineGoose):
                goose.append(cc.button("decline-goose", cc.label(action), action))
        if goose:
            rows.append(note(cc.t("turin.c.goose")))
            rows.append(widgets.HBox(goose))

        sell = [a for a in legal if isinstance(a, SellTo)]
        if sell:
            rows.append(note(cc.t("turin.c.sell_to")))
            rows.append(
                widgets.HBox(
                    [cc.button(f"sell-to-{a.buyer}", cc.label(a), a, style="success") for a in sell]
                )
            )
        if any(isinstance(a, PassClaim) for a in legal):
            rows.append(note(cc.t("turin.c.claim")))
            claim = [
                cc.card_button(f"buy-{a.card}", a.card, a) for a in legal if isinstance(a, Buy)
            ]
            claim.append(cc.button("pass-claim", cc.label(PassClaim()), PassClaim()))
            rows.append(widgets.HBox(claim))
        elif not any(isinstance(a, EndTurn) for a in legal):
            buys = [a for a in legal if isinstance(a, Buy)]
            if buys:
                rows.append(note(cc.t("turin.c.buy_any_time")))
                buttons = [cc.card_button(f"buy-{a.card}", a.card, a) for a in buys]
                rows.append(widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap")))

        picks = [a for a in legal if isinstance(a, Pick)]
        if picks:
            rows.append(note(cc.t("turin.c.pick")))
            rows.append(self._card_buttons(cc, renderer, picks, "pick"))

        if any(isinstance(a, EndTurn) for a in legal):
            rows.extend(self._market(cc, renderer, legal))

        if any(isinstance(a, TakeLoan) for a in legal):
            # a loan is never the main action: it keeps the plain style
            loan = cc.button("loan", cc.label(TakeLoan()), TakeLoan())
            rows.append(widgets.HBox([loan, note(cc.t("turin.c.loan_hint"))]))
        return rows

    def _card_buttons(
        self, cc: ControlContext, renderer: TurinRenderer, actions: list[Any], prefix: str
    ) -> Any:
        buttons = [
            cc.card_button(f"{prefix}-{a.card}", a.card, a, renderer.card_label(a.card, cc.ctx))
            for a in actions
        ]
        return widgets.HBox(buttons, layout=widgets.Layout(flex_flow="row wrap"))

    def _amount_row(
        self,
        cc: ControlContext,
        key: str,
        amounts: list[int],
        cls: type[Bid] | type[AddBid],
        label_key: str,
        button_key: str,
    ) -> Any:
        slider = cc.slider(f"{key}-amount", cc.t(label_key), amounts, value=0)

        def chosen() -> Action:
            return cls(int(slider.value))

        button = cc.button(key, cc.t(button_key), chosen, style="primary")
        return widgets.HBox([slider, button])

    def _market(
        self, cc: ControlContext, renderer: TurinRenderer, legal: list[Action]
    ) -> list[Any]:
        rows: list[Any] = [note(cc.t("turin.c.market"))]
        listable: dict[int, list[int]] = {}
        for a in legal:
            if isinstance(a, List):
                listable.setdefault(a.card, []).append(a.price)
        if listable:
            cards = sorted(listable)
            card = cc.register(
                "list-card",
                widgets.Dropdown(
                    options=[(renderer.card_short(c, cc.ctx), c) for c in cards],
                    value=cards[0],
                    description=cc.t("turin.c.list_card"),
                    layout=widgets.Layout(width=em(21.5)),
                ),
            )
            prices = listable[cards[0]]
            price = cc.slider("list-price", cc.t("turin.c.list_price"), prices, value=min(prices))

            def list_action() -> Action:
                return List(int(card.value), int(price.value))

            rows.append(
                widgets.HBox(
                    [card, price, cc.button("list", cc.t("turin.c.list_button"), list_action)],
                    layout=widgets.Layout(flex_flow="row wrap"),
                )
            )

            def list_card(c: int) -> Callable[[], Action]:
                # clicking a card lists it at the slider's price (kept within its legal prices)
                def chosen() -> Action:
                    legal_prices = listable[c]
                    amount = min(max(int(price.value), min(legal_prices)), max(legal_prices))
                    return List(c, amount)

                return chosen

            rows.append(
                widgets.HBox(
                    [
                        cc.card_button(
                            f"list-{c}",
                            c,
                            list_card(c),
                            cc.t("turin.c.list_button") + " " + renderer.card_short(c, cc.ctx),
                        )
                        for c in cards
                    ],
                    layout=widgets.Layout(flex_flow="row wrap"),
                )
            )
        trade: list[Any] = []
        for a in legal:
            if isinstance(a, Buy):
                trade.append(cc.card_button(f"buy-{a.card}", a.card, a))
            elif isinstance(a, Withdraw):
                trade.append(cc.button(f"withdraw-{a.card}", cc.label(a), a))
        trade.append(cc.button("end-turn", cc.label(EndTurn()), EndTurn(), style="primary"))
        rows.append(widgets.HBox(trade, layout=widgets.Layout(flex_flow="row wrap")))
        return rows
