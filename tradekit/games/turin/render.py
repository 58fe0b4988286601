"""Turin Market's table: cards with goods and units, Scudo, sale listings and locked Scudo, loans.

Drawn from a :class:`~tradekit.games.turin.view.TurinView` only, so each of the three views (a
seat, the public, the teacher) shows exactly what that viewer may know: other seats' hands are card
backs, other seats' sealed offers and bids are "has chosen" until the reveal, and secret Scudo are
``?``. Goods names come from the game's tables (``name_en`` / ``name_fr`` in ``data/turin``).

Example:
    >>> import tradekit
    >>> from tradekit.render import Context
    >>> game = tradekit.load_game("turin", players=3)
    >>> state = game.new_state(setup={"hands": [[3, 11], [6, 12], [9, 14]]})
    >>> r = TurinRenderer()
    >>> ctx = Context(game, "fr")
    >>> r.card_label(3, ctx)
    '#3 : 3 Café, 2 Chocolat, 1 Raisin'
    >>> 'data-card="3"' in r.table(state.view(0), ctx)  # seat 0 sees its own hand
    True
    >>> 'data-card="3"' in r.table(state.view(1), ctx)  # seat 1 does not
    False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Literal, cast

from tradekit.core.actions import Action
from tradekit.core.events import Event
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
from tradekit.games.turin.game import LOAN_AMOUNT, LOAN_REPAYMENT
from tradekit.games.turin.view import TurinView
from tradekit.i18n import has_message, load_messages
from tradekit.render import Context, Renderer, register_renderer, seat_entry, status_pill
from tradekit.render import parts as p
from tradekit.render.parts import esc, pill, tag

if TYPE_CHECKING:
    from tradekit.games.turin.game import TurinGame
    from tradekit.games.turin.tables import TurinTables

load_messages("tradekit.games.turin")

#: Each good's emblem on the cards, by its id in ``goods.csv`` (its colour is the palette's, by
#: its row); a teacher's own good gets one by its row.
SHAPES = {
    "truffles": "circle",
    "chocolate": "square",
    "coffee": "drop",
    "vermouth": "triangle",
    "hazelnuts": "moon",
    "grapes": "hexagon",
    "cheese": "diamond",
    "rice": "star",
    "wheat": "leaf",
}

#: The loan's terms, as the fields of the messages that state them (the rules may change them).
_LOAN = {"loan": LOAN_AMOUNT, "repayment": LOAN_REPAYMENT}


def _game(ctx: Context) -> TurinGame:
    return cast("TurinGame", ctx.game)


@register_renderer("turin")
class TurinRenderer(Renderer[TurinView]):
    """Draws and narrates Turin Market in English or French."""

    # -- names --------------------------------------------------------------------------------
    def tables(self, ctx: Context) -> TurinTables:
        """The game's data tables (goods names, cards, payouts)."""
        return _game(ctx).tables

    def scoring_name(self, scoring: str, ctx: Context) -> str:
        """The payout card's name in ``ctx.lang`` (a teacher's own column keeps its name)."""
        key = f"turin.scoring.{scoring}"
        return ctx.t(key) if has_message(key) else scoring

    def good_name(self, good_id: str, ctx: Context) -> str:
        """A good's name in ``ctx.lang`` (from ``goods.csv``)."""
        tables = self.tables(ctx)
        good = tables.goods[tables.good_index[good_id]]
        return ctx.named(good)

    def card_label(self, card_id: int, ctx: Context) -> str:
        """A card in words: its id and its goods with units (``#3: 3 Coffee, 2 Chocolate ...``)."""
        card = self.tables(ctx).card_by_id.get(card_id)
        if card is None:
            return f"#{card_id}"
        goods = ", ".join(f"{n} {self.good_name(g, ctx)}" for g, n in card.units)
        sep = " : " if ctx.lang == "fr" else ": "
        return f"#{card_id}{sep}{goods}"

    def card_short(self, card_id: int, ctx: Context) -> str:
        """A card in a few words: its id and its goods, most units first (``#3 Coffee/...``)."""
        card = self.tables(ctx).card_by_id.get(card_id)
        if card is None:
            return f"#{card_id}"
        return f"#{card_id} " + "/".join(self.good_name(g, ctx) for g, _ in card.units)

    def cards_short(self, cards: Sequence[int], ctx: Context) -> str:
        """Several cards in a few words each."""
        return ", ".join(self.card_short(c, ctx) for c in cards) or ctx.t("turin.none")

    # -- pictures -----------------------------------------------------------------------------
    def goods(self, ctx: Context) -> dict[str, p.Good]:
        """Every good of ``goods.csv``: its name, its colour (by its row) and its emblem."""
        return p.goods_by_row(((g.id, ctx.named(g)) for g in self.tables(ctx).goods), SHAPES)

    def card_face(self, card: int, ctx: Context) -> p.Face | None:
        """A card's face: its id on a band of its main good's colour, then its three goods, each
        with its units as dots."""
        found = self.tables(ctx).card_by_id.get(card)
        if found is None:
            return None
        goods = self.goods(ctx)
        rows = tuple((goods[g], n) for g, n in found.units)
        return p.Face(f"#{card}", rows[0][0].colour, rows=rows)

    # -- one card -----------------------------------------------------------------------------
    def card_html(
        self,
        card_id: int,
        ctx: Context,
        *,
        small: bool = False,
        price: int | None = None,
    ) -> str:
        """A card's picture with its goods; a listed card carries its price tag."""
        footer = ""
        if price is not None:
            footer = tag("div", esc(ctx.t("turin.price_tag", price=price)), cls="tk-price")
        return p.picture(
            self.card_picture(card_id, ctx, small=small),
            small=small,
            footer=footer,
            extra_class="tk-tag" if price is not None else "",
            data_card=card_id,
        )

    # -- the table ----------------------------------------------------------------------------
    def table(self, view: Any, ctx: Context) -> str:
        """Turin Market's table as ``view`` (a :class:`TurinView`) shows it."""
        v = cast(TurinView, view)
        head = tag("b", esc(self.title(ctx))) + tag("span", esc(self.status(v, ctx)))
        scoring = self.scoring_name(v.scoring, ctx)
        head += pill(ctx.t("turin.payout_card", scoring=scoring), "info")
        head += pill(ctx.t("turin.loans_left", n=v.loans_left))
        if not v.public_money:
            head += pill(ctx.t("turin.secret_money"), "bad")
        body = self.banner(v, ctx)
        body += tag("div", self._lot(v, ctx) + self._round_result(v, ctx), cls="tk-row")
        body += tag("div", "".join(self._seat(v, s, ctx) for s in range(v.players)), cls="tk-seats")
        body += self._listings(v, ctx)
        body += self._majorities(v, ctx)
        return p.page(
            head,
            body,
            game="turin",
            size=ctx.size,
            data_round=v.round,
            data_phase=v.phase,
            data_viewer="public" if v.viewer is None else v.viewer,
        )

    def _lot(self, v: TurinView, ctx: Context) -> str:
        if v.lot:
            cards = "".join(self.card_html(c, ctx) for c in v.lot)
        else:
            cards = tag("span", esc(ctx.t("turin.lot_empty")), cls="tk-muted")
        extra = ""
        if v.prizes and v.phase not in ("over", "scoring"):
            extra = p.label(ctx.t("turin.prizes", prizes=" · ".join(map(str, v.prizes))))
        if v.picking:
            who = ctx.who(s for s, _ in v.picking)
            extra += p.label(ctx.t("turin.picking", who=who))
        if v.discarded or v.unseen_discards:
            extra += p.label(ctx.t("turin.discarded", n=len(v.discarded) + v.unseen_discards))
        return p.section(ctx.t("turin.lot"), cards + extra, data_section="lot")

    def _round_result(self, v: TurinView, ctx: Context) -> str:
        if not v.placements:
            return ""
        lines = []
        for pl in v.placements:
            text = ctx.t(
                "turin.place",
                place=pl.place + 1,
                name=ctx.name(pl.player),
                bid=pl.bid,
                pays=pl.bid if pl.won else pl.bid // 2,
            )
            if pl.won:
                badge = pill(ctx.t("turin.wins_cards", n=pl.prize), "good")
            elif pl.voided:
                badge = pill(ctx.t("turin.voided"), "bad")
            else:
                badge = ""
            lines.append(tag("div", esc(text) + " " + badge))
        return p.section(ctx.t("turin.round_result"), "".join(lines), data_section="result")

    def _seat(self, v: TurinView, seat: int, ctx: Context) -> str:
        badges = [p.coins(v.scudo[seat])]
        if v.locked[seat]:
            badges.append(pill(ctx.t("turin.locked", n=v.locked[seat]), "accent"))
        if v.loans[seat]:
            key = "turin.loan_debt" if v.debts[seat] else "turin.loan"
            badges.append(pill(ctx.t(key, n=v.debts[seat]), "bad"))
        if v.goose == seat:
            badges.append(pill(ctx.t("turin.goose"), "info"))
        if v.underdog == seat:
            badges.append(pill(ctx.t("turin.underdog"), "info"))
        body = self._seat_status(v, seat, ctx)
        hand = v.hands[seat]
        size = v.hand_sizes[seat]
        if size or hand:
            body += p.label(ctx.t("turin.hand", n=size))
            if hand is not None:
                body += "".join(self.card_html(c, ctx) for c in hand)
            else:
                body += p.card_backs(size)
        listed = {x.card: x.price for x in v.listings}
        won = v.face_up[seat]
        body += p.label(ctx.t("turin.face_up", n=len(won)))
        if won:
            body += "".join(self.card_html(c, ctx, small=True, price=listed.get(c)) for c in won)
        else:
            body += tag("span", esc(ctx.t("turin.none")), cls="tk-muted")
        return p.seat_panel(
            ctx.name(seat),
            badges,
            body,
            active=seat in v.to_move,
            me=v.viewer == seat,
            seat=seat,
        )

    def _seat_status(self, v: TurinView, seat: int, ctx: Context) -> str:
        bits: list[str] = []
        sealed = v.sealed[seat]
        if sealed is not None:
            bits.append(pill(self._sealed_text(sealed, ctx), "info"))
        elif v.phase in ("offer", "bid", "tiebreak") and (seat in v.submitted or seat in v.to_move):
            bits.append(status_pill(seat in v.submitted, ctx))
        bid = v.bids[seat]
        if bid is not None and v.phase != "over":
            bits.append(pill(ctx.t("turin.bid_was", n=bid)))
        if any(seat in block for block in v.tie_blocks):
            bits.append(pill(ctx.t("turin.tied"), "accent"))
        if v.phase == "over":
            bits.append(pill(f"{ctx.t('turin.final')}: {v.scores[seat]}", "good"))
        return tag("div", " ".join(bits)) if bits else ""

    def _sealed_text(self, action: Action, ctx: Context) -> str:
        if isinstance(action, Offer):
            return ctx.t("turin.offers", card=f"#{action.card}")
        if isinstance(action, Bid):
            return ctx.t("turin.bids", n=action.amount)
        if isinstance(action, AddBid):
            return ctx.t("turin.adds", n=action.amount)
        return self.action_label(action, None, ctx)

    def _listings(self, v: TurinView, ctx: Context) -> str:
        if not v.listings:
            if v.phase != "market":
                return ""
            body = tag("span", esc(ctx.t("turin.no_listing")), cls="tk-muted")
        else:
            body = ""
            for x in v.listings:
                caption = ctx.t("turin.listing", seller=ctx.name(x.seller), price=x.price)
                claim = v.claim
                if claim is not None and claim.card == x.card:
                    waiting = [q for q in claim.asked if q not in claim.claimants + claim.passed]
                    caption += " · " + ctx.t(
                        "turin.claimed_by",
                        who=ctx.who(claim.claimants),
                        waiting=ctx.who(waiting) if waiting else ctx.t("nobody"),
                    )
                body += tag(
                    "div",
                    self.card_html(x.card, ctx, price=x.price) + p.label(caption),
                    # A caption wraps under its own card, apart from the next listing's.
                    style="display:inline-block;vertical-align:top;max-width:13em;"
                    "margin:0 1.2em 0.4em 0",
                )
        return p.section(ctx.t("turin.for_sale"), body, data_section="listings")

    def _majorities(self, v: TurinView, ctx: Context) -> str:
        tables = self.tables(ctx)
        totals = tables.total_units()
        header = [
            ctx.t("turin.good"),
            ctx.t("turin.payout"),
            ctx.t("turin.units"),
            *(ctx.name(s) for s in range(v.players)),
        ]
        rows = []
        pictures = self.goods(ctx)
        for g, good in enumerate(tables.goods):
            units = [v.units[s][g] for s in range(v.players)]
            top = max(units)
            cells = [
                p.good_svg(pictures[good.id]),
                esc(good.payout(v.scoring)),
                esc(totals[good.id]),
            ]
            cells += [("!" if top and u == top else "") + (str(u) if u else "·") for u in units]
            rows.append(cells)
        return p.section(ctx.t("turin.majorities"), p.grid(header, rows), data_section="majorities")

    # -- actions ------------------------------------------------------------------------------
    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        """A button's text for a Turin action, in ``ctx.lang``."""
        if isinstance(action, Offer):
            return ctx.t("turin.a.offer", card=self.card_label(action.card, ctx))
        if isinstance(action, Bid):
            return ctx.t("turin.a.bid", n=action.amount)
        if isinstance(action, AddBid):
            return ctx.t("turin.a.add", n=action.amount)
        if isinstance(action, TakeGoose):
            return ctx.t("turin.a.take_goose")
        if isinstance(action, GiveGoose):
            return ctx.t("turin.a.give_goose", name=ctx.name(action.to))
        if isinstance(action, DeclineGoose):
            return ctx.t("turin.a.decline_goose")
        if isinstance(action, PassClaim):
            return ctx.t("turin.a.pass_claim")
        if isinstance(action, SellTo):
            return ctx.t("turin.a.sell_to", name=ctx.name(action.buyer))
        if isinstance(action, Pick):
            return ctx.t("turin.a.pick", card=self.card_label(action.card, ctx))
        if isinstance(action, List):
            return ctx.t("turin.a.list", card=self.card_short(action.card, ctx), price=action.price)
        if isinstance(action, Buy):
            price = "?"
            if isinstance(view, TurinView):
                price = str(next((x.price for x in view.listings if x.card == action.card), "?"))
            return ctx.t("turin.a.buy", card=self.card_short(action.card, ctx), price=price)
        if isinstance(action, Withdraw):
            return ctx.t("turin.a.withdraw", card=self.card_short(action.card, ctx))
        if isinstance(action, EndTurn):
            return ctx.t("turin.a.end_turn")
        if isinstance(action, TakeLoan):
            return ctx.t("turin.a.loan", **_LOAN)
        return str(action)

    def command_example(self, legal: Sequence[Action], view: Any, ctx: Context) -> str:
        """An example typed command: a bid if bids are legal, else the first legal action."""
        for action in legal:
            if isinstance(action, (Bid, AddBid)) and action.amount:
                return str(action)
        return str(legal[0]) if legal else ""

    # -- narration ----------------------------------------------------------------------------
    def revealed_label(
        self, action: Action, seat: int, reveal: Event, ctx: Context
    ) -> tuple[str, bool] | None:
        """Offers, bids and tie-break additions are turned face up whole, each by its reveal."""
        what = reveal.data.get("what")
        if isinstance(action, Offer) and what == "offers":
            shown = seat_entry(reveal.data.get("offers"), seat)
            ok = shown == action.card
        elif isinstance(action, Bid) and what == "bids":
            ok = seat_entry(reveal.data.get("bids"), seat) == action.amount
        elif isinstance(action, AddBid) and what == "tiebreak":
            ok = seat_entry(reveal.data.get("tiebreak"), seat) == action.to_json()
        else:
            return None
        return (self.action_label(action, None, ctx), True) if ok else None

    def narrate_known(self, event: Event, ctx: Context) -> str | None:
        """The narration of ``event``, or ``None`` if this renderer does not know the event."""
        if (told := self.told(event, ctx)) is not None:
            return told
        if event.kind == "action":
            return self._narrate_action(event, ctx)
        data = dict(event.data)
        name = ctx.name(event.player)
        if event.kind == "chance":
            if "deal" in data:
                return ctx.t("turin.n.dealt", name=name, cards=self.cards_short(data["deal"], ctx))
            if "centre" in data:
                return ctx.t("turin.n.centre", cards=self.cards_short(data["centre"], ctx))
            if "unseen" in data:
                return ctx.t("turin.n.unseen", n=len(data["unseen"]))
            if "flip" in data:
                return ctx.t("turin.n.flip", who=ctx.who(data["flip"]))
            if "goose_flip" in data:
                return ctx.t("turin.n.goose_flip", name=ctx.name(data["goose_flip"]))
            return None
        if event.kind == "reveal":
            return self._narrate_reveal(event, data, ctx)
        if event.kind == "info":
            return self._narrate_info(event, data, ctx)
        return None

    def _narrate_action(self, event: Event, ctx: Context) -> str | None:
        a = event.action
        name = ctx.name(event.player)
        if isinstance(a, Offer):
            return ctx.t("turin.n.offer", name=name, card=self.card_short(a.card, ctx))
        if isinstance(a, Bid):
            return ctx.t("turin.n.bid", name=name, n=a.amount)
        if isinstance(a, AddBid):
            return ctx.t("turin.n.add", name=name, n=a.amount)
        if isinstance(a, TakeGoose):
            return ctx.t("turin.n.take_goose", name=name)
        if isinstance(a, GiveGoose):
            return ctx.t("turin.n.give_goose", name=name, to=ctx.name(a.to))
        if isinstance(a, DeclineGoose):
            return ctx.t("turin.n.decline_goose", name=name)
        if isinstance(a, PassClaim):
            return ctx.t("turin.n.pass_claim", name=name)
        if isinstance(a, SellTo):
            return ctx.t("turin.n.sell_to", name=name, to=ctx.name(a.buyer))
        if isinstance(a, Pick):
            return ctx.t("turin.n.pick", name=name, card=self.card_short(a.card, ctx))
        if isinstance(a, List):
            card = self.card_short(a.card, ctx)
            return ctx.t("turin.n.list", name=name, card=card, price=a.price)
        if isinstance(a, Buy):
            return ctx.t("turin.n.buy", name=name, card=self.card_short(a.card, ctx))
        if isinstance(a, Withdraw):
            return ctx.t("turin.n.withdraw", name=name, card=self.card_short(a.card, ctx))
        if isinstance(a, EndTurn):
            return ctx.t("turin.n.end_turn", name=name)
        if isinstance(a, TakeLoan):
            return ctx.t("turin.n.loan", name=name, **_LOAN)
        return None

    def _narrate_reveal(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        if "offers" in data:
            items = ", ".join(
                f"{ctx.name(int(s))} {self.card_short(c, ctx)}" for s, c in data["offers"].items()
            )
            return ctx.t("turin.n.offers", list=items)
        if "bids" in data:
            bids = ", ".join(f"{ctx.name(int(s))} {b}" for s, b in data["bids"].items())
            return ctx.t("turin.n.bids", list=bids)
        if "tiebreak" in data:
            moves: list[str] = []
            for s, a in data["tiebreak"].items():
                seat = int(s)
                kind = a.get("type")
                if kind == "AddBid":
                    what = ctx.t("turin.adds", n=a.get("amount"))
                elif kind == "TakeGoose":
                    what = ctx.t("turin.a.take_goose")
                else:
                    what = ctx.t("turin.a.give_goose", name=ctx.name(a.get("to")))
                moves.append(f"{ctx.name(seat)} {what}")
            return ctx.t("turin.n.tiebreak", list=", ".join(moves))
        if "kept" in data:
            cards = self.cards_short(data["kept"], ctx)
            return ctx.t("turin.n.kept", name=ctx.name(event.player), cards=cards)
        return None

    def _narrate_info(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        name = ctx.name(event.player)
        what = data.get("what")
        for test, value, narrate in _INFO_RULES:
            if (what == value) if test == "what" else (value in data):
                return narrate(self, event, data, name, ctx)
        if what in _SIMPLE_INFO:
            return ctx.t(_SIMPLE_INFO[what], name=name, **_LOAN)
        return None

    # Each narrates one info event from its data; ``name`` is the event's player's.
    def _info_start(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        g = _game(ctx)
        scoring = self.scoring_name(g.scoring, ctx)
        return ctx.t("turin.n.start", n=g.players, scoring=scoring, rounds=data["rounds"])

    def _info_setup(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.scripted")

    def _info_money(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        """Scripted money: every seat's when public, the seat's own when secret."""
        if event.player is None:
            money = ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(data["scudo"]))
            return ctx.t("turin.n.scripted_money", money=money)
        return ctx.t("turin.n.starts_with", name=name, n=data["scudo"])

    def _info_lot(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.centre_lot", cards=self.cards_short(data["lot"], ctx))

    def _info_claim(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t(
            "turin.n.claim",
            name=name,
            card=self.card_short(data["card"], ctx),
            price=data["price"],
            seller=ctx.name(data["seller"]),
            who=ctx.who(data["asked"]),
        )

    def _info_sold(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t(
            "turin.n.sold",
            name=ctx.name(data["buyer"]),
            seller=ctx.name(data["seller"]),
            card=self.card_short(data["card"], ctx),
            price=data["price"],
        )

    def _info_blocks(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        """The tied seats of a round (``tie_round``) or those still contesting (``contested``)."""
        blocks = "; ".join(" & ".join(ctx.name(s) for s in b) for b in data["blocks"])
        if data.get("what") == "contested":
            return ctx.t("turin.n.contested", blocks=blocks or ctx.t("nobody"))
        return ctx.t("turin.n.tie_round", blocks=blocks)

    def _info_goose_given(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.gives_goose", name=name, to=ctx.name(data["goose"]))

    def _info_goose_taken(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.takes_goose", name=name, place=data.get("place", "?"))

    def _info_payment(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        key = "turin.n.won" if data["won"] else "turin.n.voided" if data["voided"] else None
        return ctx.t(
            key or "turin.n.lost",
            name=name,
            place=data["place"],
            prize=data["prize"],
            bid=data["bid"],
            pays=data["pays"],
        )

    def _info_takes(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.takes", name=name, card=self.card_short(data["takes"], ctx))

    def _info_discard(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.discard", cards=self.cards_short(data["discard"], ctx))

    def _info_debt(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("turin.n.debt", name=name, n=data["debt"])

    def _info_majority(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        """A majority's holder, or the tied holders and each one's share (``each``)."""
        good = self.good_name(data["good"], ctx)
        if "each" in data:
            return ctx.t(
                "turin.n.tied_majority",
                good=good,
                who=ctx.who(data["majority"]),
                each=data["each"],
            )
        return ctx.t("turin.n.majority", name=ctx.name(data["majority"][0]), good=good)

    def _info_final(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        scores = ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(data["scores"]))
        best = max(data["scores"])
        winners = [s for s, n in enumerate(data["scores"]) if n == best]
        return ctx.t("turin.n.final", scores=scores, who=ctx.winners(winners))

    def _info_taken_down(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        card = self.card_short(data["card"], ctx)
        return ctx.t("turin.n.taken_down", name=name, card=card)

    def _info_nobody_holds(
        self, event: Event, data: dict[str, Any], name: str, ctx: Context
    ) -> str:
        return ctx.t("turin.n.nobody_holds", good=self.good_name(data["good"], ctx))


#: How info events are narrated: the first rule that matches an event narrates it. A rule
#: matches by the event's ``what`` (``"what"``) or by a key its data holds (``"has"``), and the
#: order matters where both could match (a ``goose_given`` event also holds a ``place``).
_INFO_RULES: tuple[
    tuple[
        Literal["what", "has"],
        str,
        Callable[[TurinRenderer, Event, dict[str, Any], str, Context], str],
    ],
    ...,
] = (
    ("what", "start", TurinRenderer._info_start),
    ("what", "setup", TurinRenderer._info_setup),
    ("has", "scudo", TurinRenderer._info_money),
    ("has", "lot", TurinRenderer._info_lot),
    ("what", "claim", TurinRenderer._info_claim),
    ("what", "sold", TurinRenderer._info_sold),
    ("has", "blocks", TurinRenderer._info_blocks),
    ("what", "goose_given", TurinRenderer._info_goose_given),
    ("what", "goose_taken", TurinRenderer._info_goose_taken),
    ("has", "place", TurinRenderer._info_payment),
    ("has", "takes", TurinRenderer._info_takes),
    ("has", "discard", TurinRenderer._info_discard),
    ("has", "debt", TurinRenderer._info_debt),
    ("has", "majority", TurinRenderer._info_majority),
    ("has", "scores", TurinRenderer._info_final),
    ("what", "taken_down", TurinRenderer._info_taken_down),
    ("what", "nobody_holds", TurinRenderer._info_nobody_holds),
)
#: The info events told by their player's name alone, by ``what`` (tried after the rules).
_SIMPLE_INFO = {
    "chosen": "turin.n.chosen",
    "forced_loan": "turin.n.forced_loan",
    "underdog": "turin.n.underdog",
    "market_opens": "turin.n.market_opens",
    "market_closes": "turin.n.market_closes",
    "idle": "turin.n.idle",
}
