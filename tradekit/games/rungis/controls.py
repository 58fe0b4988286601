"""Rungis's controls: designate buttons, a bid slider, special-card buttons, announcement and
price sliders, a trading proposal builder and accept/refuse buttons.

Every control is generated from the legal actions of the seat that must act: a slider's bounds
are the lowest and highest legal amount (a bid from the opening or the next raise to the gold
one holds; a price or an announcement within the type's legal range, capped by a Price freeze),
and a button or a dropdown entry exists only for a legal action, so nothing illegal can be built
from them (the typed-command box can still be mistyped, and then shows a message). The sliders'
bounds are read from the rules' declaration (``ControlContext.bounds``), so the bids, prices and
gold terms of a seat with 10,000 gold are never listed.

Handles (keys of ``TableWidget.handles``, CSS class ``tk-c-<key>``):

* Rungis phase: ``designate-<slot>`` (one card button per centre card: drawn as the card, or as
  a card back when it is face down; clicking it designates it), ``bid-amount`` (slider) +
  ``bid``, ``pass``;
* special cards: ``play-<card>`` (a card button; a plain button with a ``play-<card>-target``
  dropdown when the card has several possible targets);
* talk turn: ``announce-<article>-price`` (slider) + ``announce-<article>`` per type not yet
  announced; ``propose-to``, ``propose-give``, ``propose-take`` (dropdowns) + ``propose``
  (option ``trading``; disabled until the deal moves a card); ``done``;
* trading: ``terms-gold`` (slider: positive, you pay; negative, the other player pays) +
  ``terms``; ``accept``, ``refuse``;
* secret prices: ``price-amount`` (slider) + ``price`` (one type at a time).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from tradekit.core.actions import Action
from tradekit.core.domains import Menu
from tradekit.games.rungis.actions import (
    Accept,
    Announce,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Price,
    Propose,
    Refuse,
    Terms,
)
from tradekit.games.rungis.render import RungisRenderer
from tradekit.i18n import load_messages
from tradekit.widgets.controls import ControlContext, Controls, em, note, register_controls

load_messages("tradekit.games.rungis")


#: The actions whose amount a slider chooses: their legal lists are ranges, read by their bounds.
_AMOUNTS = (Bid, Terms, Price)


def _listed(legal: Sequence[Action]) -> list[Action]:
    """Every legal action but those chosen by an amount (a range as long as the gold held)."""
    if isinstance(legal, Menu):
        return [a for option in legal.options if option.cls not in _AMOUNTS for a in option]
    return [a for a in legal if not isinstance(a, _AMOUNTS)]


def _wrap(items: list[Any]) -> Any:
    return widgets.HBox(items, layout=widgets.Layout(flex_flow="row wrap"))


@register_controls("rungis")
class RungisControls(Controls):
    """Controls for the seat that must act in Rungis."""

    def build(self, cc: ControlContext) -> list[Any]:
        """Rows of controls for ``cc.seat``'s legal actions."""
        renderer = cc.renderer
        assert isinstance(renderer, RungisRenderer)
        legal = _listed(cc.legal)
        rows: list[Any] = []
        step = getattr(cc.view, "step", "")

        designations = [a for a in legal if isinstance(a, Designate)]
        if designations:
            rows.append(note(cc.t("rungis.c.designate")))
            centre = getattr(cc.view, "centre", ())
            rows.append(
                _wrap(
                    [
                        cc.card_button(
                            f"designate-{a.slot}",
                            centre[a.slot] if a.slot < len(centre) else None,
                            a,
                        )
                        for a in designations
                    ]
                )
            )

        bids = list(cc.bounds(Bid, "amount") or ())
        if bids or any(isinstance(a, Pass) for a in legal):
            rows.extend(self._auction(cc, renderer, bids))

        if step == "talk":
            rows.append(note(cc.t("rungis.c.talk")))
        rows.extend(self._specials(cc, legal, step))
        rows.extend(self._announcements(cc, renderer, legal))
        rows.extend(self._proposal(cc, renderer, legal))

        terms = list(cc.bounds(Terms, "gold") or ())
        if terms:
            proposal = cc.view.proposal
            other = cc.ctx.name(proposal.to if proposal is not None else None)
            slider = cc.slider("terms-gold", cc.t("rungis.c.terms", name=other), terms, value=0)

            def terms_action() -> Action:
                return Terms(int(slider.value))

            button = cc.button(
                "terms", cc.t("rungis.c.terms_button"), terms_action, style="primary"
            )
            rows.append(widgets.HBox([slider, button]))

        if any(isinstance(a, Accept) for a in legal):
            proposal = cc.view.proposal
            if proposal is not None:
                deal = renderer.deal_words(
                    proposal.proposer, proposal.to, proposal.give, proposal.take, proposal.gold,
                    cc.ctx,
                )  # fmt: skip
                rows.append(
                    note(cc.t("rungis.c.answer", name=cc.ctx.name(proposal.proposer), deal=deal))
                )
            rows.append(
                widgets.HBox(
                    [
                        cc.button("accept", cc.label(Accept()), Accept(), style="success"),
                        cc.button("refuse", cc.label(Refuse()), Refuse(), style="danger"),
                    ]
                )
            )

        amounts = list(cc.bounds(Price, "price") or ())
        first = cc.legal[0] if amounts else None
        if isinstance(first, Price):  # one type at a time: every legal price is for it
            article = first.article
            name = renderer.article_name(article, cc.ctx)
            slider = cc.slider(
                "price-amount", cc.t("rungis.c.price", article=name), amounts, value=max(amounts)
            )

            def price_action() -> Action:
                return Price(article, int(slider.value))

            button = cc.button(
                "price", cc.t("rungis.c.price_button"), price_action, style="primary"
            )
            rows.append(widgets.HBox([slider, button]))
            rows.append(note(cc.t("rungis.c.price_hint")))

        if any(isinstance(a, Done) for a in legal):
            rows.append(cc.button("done", cc.label(Done()), Done(), style="primary"))
        return rows

    def _auction(self, cc: ControlContext, renderer: RungisRenderer, bids: list[int]) -> list[Any]:
        rows: list[Any] = []
        auction = cc.view.auction
        if auction is not None:
            state = (
                cc.t("rungis.c.open", n=auction.minimum)
                if auction.high_bid is None
                else cc.t("rungis.c.high", n=auction.high_bid)
            )
            card = renderer.card_name(auction.card, cc.ctx)
            rows.append(note(cc.t("rungis.c.bid_on", card=card, state=state)))
        items: list[Any] = []
        if bids:
            slider = cc.slider("bid-amount", cc.t("rungis.c.bid"), bids, value=min(bids))

            def bid_action() -> Action:
                return Bid(int(slider.value))

            items += [
                slider,
                cc.button("bid", cc.t("rungis.a.bid", n=""), bid_action, style="primary"),
            ]
            slider.observe(
                lambda change: setattr(
                    cc.handles["bid"], "description", cc.t("rungis.a.bid", n=change["new"])
                ),
                names="value",
            )
            cc.handles["bid"].description = cc.t("rungis.a.bid", n=slider.value)
        items.append(cc.button("pass", cc.label(Pass()), Pass()))
        rows.append(widgets.HBox(items))
        return rows

    def _specials(self, cc: ControlContext, legal: list[Action], step: str) -> list[Any]:
        plays: dict[int, list[Play]] = {}
        for a in legal:
            if isinstance(a, Play):
                plays.setdefault(a.card, []).append(a)
        if not plays:
            hand = getattr(cc.view, "hand", ())
            if hand and step in ("auction_start", "after_reveal"):
                return [note(cc.t("rungis.c.no_special"))]
            return []
        rows: list[Any] = [note(cc.t("rungis.c.specials"))]
        renderer = cc.renderer
        assert isinstance(renderer, RungisRenderer)
        for card, options in sorted(plays.items()):
            name = renderer.card_name(card, cc.ctx)
            if len(options) == 1:
                rows.append(cc.card_button(f"play-{card}", card, options[0]))
                continue
            choice = cc.register(
                f"play-{card}-target",
                widgets.Dropdown(
                    options=[(renderer.play_target(a, cc.ctx), i) for i, a in enumerate(options)],
                    value=0,
                    description=cc.t("rungis.c.target"),
                    layout=widgets.Layout(width=em(21.5)),
                ),
            )

            def chosen(choice: Any = choice, options: list[Play] = options) -> Action:
                return options[int(choice.value)]

            button = cc.button(f"play-{card}", cc.t("rungis.a.play", card=name), chosen)
            rows.append(widgets.HBox([button, choice]))
        return rows

    def _announcements(
        self, cc: ControlContext, renderer: RungisRenderer, legal: list[Action]
    ) -> list[Any]:
        ranges: dict[str, list[int]] = {}
        for a in legal:
            if isinstance(a, Announce):
                ranges.setdefault(a.article, []).append(a.price)
        rows: list[Any] = []
        for article, prices in ranges.items():
            name = renderer.article_name(article, cc.ctx)
            slider = cc.slider(
                f"announce-{article}-price",
                cc.t("rungis.c.announce", article=name),
                prices,
                value=max(prices),
            )

            def announce(article: str = article, slider: Any = slider) -> Action:
                return Announce(article, int(slider.value))

            button = cc.button(f"announce-{article}", cc.t("rungis.c.announce_button"), announce)
            rows.append(widgets.HBox([slider, button]))
        return rows

    def _proposal(
        self, cc: ControlContext, renderer: RungisRenderer, legal: list[Action]
    ) -> list[Any]:
        deals = [a for a in legal if isinstance(a, Propose)]
        if not deals:
            return []
        nothing = cc.t("rungis.c.nothing")
        seats = sorted({a.to for a in deals})
        mine = sorted({a.give for a in deals if a.give is not None}, key=self._order(renderer, cc))
        takes: dict[int, list[str]] = {}
        for a in deals:
            if a.take is not None and a.take not in takes.setdefault(a.to, []):
                takes[a.to].append(a.take)

        def article_options(articles: list[str]) -> list[tuple[str, str]]:
            ordered = sorted(articles, key=self._order(renderer, cc))
            return [(nothing, "")] + [(renderer.article_name(t, cc.ctx), t) for t in ordered]

        to = cc.register(
            "propose-to",
            widgets.Dropdown(
                options=[(cc.ctx.name(s), s) for s in seats],
                value=seats[0],
                description=cc.t("rungis.c.propose_to"),
                layout=widgets.Layout(width=em(14.5)),
            ),
        )
        give = cc.register(
            "propose-give",
            widgets.Dropdown(
                options=article_options(mine),
                value="",
                description=cc.t("rungis.c.give"),
                layout=widgets.Layout(width=em(16)),
            ),
        )
        take = cc.register(
            "propose-take",
            widgets.Dropdown(
                options=article_options(takes.get(seats[0], [])),
                value="",
                description=cc.t("rungis.c.take"),
                layout=widgets.Layout(width=em(16)),
            ),
        )

        def deal() -> Action | None:
            chosen = Propose(int(to.value), give.value or None, take.value or None)
            return chosen if chosen in deals else None

        button = cc.button("propose", cc.t("rungis.c.propose_button"), deal)

        def refresh(_: Any = None) -> None:
            button.disabled = deal() is None

        def new_target(change: Any) -> None:
            take.value = ""
            take.options = article_options(takes.get(int(change["new"]), []))
            refresh()

        to.observe(new_target, names="value")
        give.observe(refresh, names="value")
        take.observe(refresh, names="value")
        refresh()
        return [_wrap([to, give, take, button])]

    @staticmethod
    def _order(renderer: RungisRenderer, cc: ControlContext) -> Any:
        order = [a.id for a in renderer.tables(cc.ctx).articles]
        return order.index
