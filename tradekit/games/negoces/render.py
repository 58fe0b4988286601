"""Négoces' table: hands, coins, the market card and its seller, standing offers, goals, the
variants' cards and the Diamant (Thief, Guard) auction, in English or French.

Drawn from a :class:`~tradekit.games.negoces.view.NegocesView` only, so each of the three views
(a seat, the public, the teacher) shows exactly what that viewer may know: other seats' hands are
card backs with a count, coins hidden by the blind variant are ``?``, offered cards dealt face
down are backs, sealed choices of the current round are "has chosen" until revealed. Goods'
names come from ``data/negoces/goods.csv`` (``name_en`` / ``name_fr``), the other cards' names
from ``variants.toml``.

Example:
    >>> import tradekit
    >>> from tradekit.render import Context
    >>> game = tradekit.load_game("negoces", players=3)
    >>> hands = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]
    >>> state = game.new_state(setup={"hands": hands})
    >>> r = NegocesRenderer()
    >>> ctx = Context(game, "fr")
    >>> r.card_name(48, ctx), r.card_name(4, ctx), r.good_name("epices", ctx)
    ('Diamant', 'Café', 'Épices')
    >>> 'data-card="48"' in r.table(state.view(0), ctx)  # seat 0 sees its own hand
    True
    >>> 'data-card="48"' in r.table(state.view(1), ctx)  # seat 1 does not
    False
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from tradekit.core.actions import Action
from tradekit.core.events import Event
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
from tradekit.games.negoces.view import AuctionView, NegocesView, OfferView, SaleRecord
from tradekit.i18n import has_message, load_messages
from tradekit.render import (
    Context,
    Renderer,
    actions_with,
    only_one,
    register_renderer,
    seat_entry,
    status_pill,
)
from tradekit.render import parts as p
from tradekit.render.parts import esc, pill, tag

if TYPE_CHECKING:
    from tradekit.games.negoces.game import NegocesGame
    from tradekit.games.negoces.tables import NegocesTables

load_messages("tradekit.games.negoces")

#: ``variants.toml`` names of the cards that are not goods, by the tables' kind.
_SPECIAL_KEYS = {
    "treasurer": "tresorier",
    "thief": "voleur",
    "guard": "garde",
    "miser": "radin",
    "swindler": "arnaqueur",
    "loan": "pret",
}
#: Colours of the goods that are not series (series take the palette by position).
_KIND_COLOURS = {"diamant": "#e91e63", "sacred": "#8bc34a", "contraband": "#212121"}
#: Emblems of the unique and sacred goods (the others take the shapes by their row, so the
#: contraband goods, all of one colour, differ by emblem).
_KIND_SHAPES = {"diamant": "diamond", "sacred": "cross"}
#: The special cards' colour and emblem.
_SPECIAL = ("#5d6d7e", "star")


def _game(ctx: Context) -> NegocesGame:
    return cast("NegocesGame", ctx.game)


@register_renderer("negoces")
class NegocesRenderer(Renderer[NegocesView]):
    """Draws and narrates Négoces in English or French."""

    # -- names --------------------------------------------------------------------------------
    def tables(self, ctx: Context) -> NegocesTables:
        """The game's data tables (goods, special cards)."""
        return _game(ctx).tables

    def good_name(self, good: str, ctx: Context) -> str:
        """A good's name in ``ctx.lang`` (from ``goods.csv``)."""
        item = self.tables(ctx).goods.get(good)
        if item is None:
            return good
        return ctx.named(item)

    def text_value(self, value: str, ctx: Context) -> str | None:
        """A good's name (``"the"`` is "Tea", "Thé" in French)."""
        return self.good_name(value, ctx) if value in self.tables(ctx).goods else None

    def special_name(self, kind: str, ctx: Context) -> str:
        """The name of a card that is not a good (Treasurer, Thief ...) in ``ctx.lang``."""
        names = self.tables(ctx).constants.get("special_cards", {})
        key = _SPECIAL_KEYS.get(kind, kind)
        pair = names.get(key, [kind, kind])
        return str(pair[0] if ctx.lang == "fr" else pair[1])

    def card_name(self, card: int, ctx: Context) -> str:
        """Any card's name: its good, or the special card it is."""
        tables = self.tables(ctx)
        if card in tables.good_of:
            return self.good_name(tables.good_of[card], ctx)
        return self.special_name(tables.kind_of.get(card, "?"), ctx)

    def item_name(self, item: str, ctx: Context) -> str:
        """An auctioned item (``diamant``, ``thief``, ``guard``) by name."""
        if item == "diamant":
            return self.good_name("diamant", ctx)
        return self.special_name(item, ctx)

    def cards_text(self, cards: Sequence[int], ctx: Context) -> str:
        """Cards in words, grouped by good (``Jade x3, Silk``)."""
        counts = Counter(self.card_name(c, ctx) for c in cards)
        parts = [f"{name} ×{n}" if n > 1 else name for name, n in counts.items()]
        return ", ".join(parts) or ctx.t("negoces.nothing")

    def variant_name(self, variant: str, ctx: Context) -> str:
        """A variant's name in ``ctx.lang``."""
        key = f"negoces.variant.{variant}"
        return ctx.t(key) if has_message(key) else variant

    def colour_of(self, card: int, ctx: Context) -> str:
        """The colour a card is drawn with (a special card's is grey)."""
        good = self.tables(ctx).good_of.get(card)
        return _SPECIAL[0] if good is None else self._good_colour(good, ctx)

    def money(self, amount: int | None, ctx: Context) -> str:
        """A coin badge (``?`` when hidden)."""
        return p.coins(
            amount,
            unit=ctx.t("negoces.coins"),
            letter=ctx.t("negoces.coin_letter"),
            hidden="?",
        )

    # -- pictures -----------------------------------------------------------------------------
    def goods(self, ctx: Context) -> dict[str, p.Good]:
        """Every good of ``goods.csv``: its name, colour and emblem (by its kind, else by its
        row)."""
        out = {}
        for i, (good_id, good) in enumerate(self.tables(ctx).goods.items()):
            shape = _KIND_SHAPES.get(good.kind, p.SHAPES[i % len(p.SHAPES)])
            out[good_id] = p.Good(
                self.good_name(good_id, ctx), self._good_colour(good_id, ctx), shape
            )
        return out

    def _good_colour(self, good: str, ctx: Context) -> str:
        tables = self.tables(ctx)
        kind = tables.goods[good].kind
        if kind in _KIND_COLOURS:
            return _KIND_COLOURS[kind]
        return p.colour(list(tables.goods).index(good))

    def _kind_label(self, kind: str, ctx: Context) -> str:
        return {
            "diamant": ctx.t("negoces.unique"),
            "sacred": ctx.t("negoces.variant.temple"),
            "contraband": ctx.t("negoces.contraband"),
        }.get(kind, "")

    def card_face(self, card: int, ctx: Context) -> p.Face | None:
        """A card's face: its good big with its name and kind, or a special card's name."""
        tables = self.tables(ctx)
        good = tables.good_of.get(card)
        if good is not None:
            picture = self.goods(ctx)[good]
            caption = self._kind_label(tables.goods[good].kind, ctx)
            return p.Face(f"#{card}", picture.colour, good=picture, caption=caption)
        kind = tables.kind_of.get(card)
        if kind is None:
            return None
        return p.Face(f"#{card}", _SPECIAL[0], name=self.special_name(kind, ctx))

    def card_actions(
        self, legal: Sequence[Action], view: NegocesView, ctx: Context
    ) -> dict[int, Action]:
        """The legal action a click on a card of the seat's own plays: a card of its hand puts
        its good up for sale, gives it up at the temple, or pays with it as the Swindler
        (whichever one is legal: a good two of them name plays neither, and its buttons say
        which); an inactive card is sold as one. An offer keeps its builder: a card alone does
        not say how many coins go with it.

        Example:
            >>> import tradekit
            >>> state = tradekit.load_game("negoces", players=3).new_state(seed=1)
            >>> while not state.legal_actions(state.to_move[0]).options[0].cls.__name__ == "PutUp":
            ...     seat = state.to_move[0]
            ...     state.apply(seat, state.legal_actions(seat)[-1])
            >>> seat = state.to_move[0]
            >>> acts = NegocesRenderer().card_actions(
            ...     state.legal_actions(seat), state.view(seat), Context(state.game))
            >>> sorted(acts) == sorted(state.view(seat).hands[seat])
            True
        """
        seat = view.viewer
        if type(seat) is not int:
            return {}
        good_of = self.tables(ctx).good_of
        in_hand = only_one(
            (a.good, a)  # type: ignore[attr-defined]
            for a in actions_with(legal, lambda cls: cls in (PutUp, Temple, Swap))
        )
        inactive = only_one(
            (a.good, a)  # type: ignore[attr-defined]
            for a in actions_with(legal, lambda cls: cls is SellInactive)
        )
        out: dict[int, Action] = {}
        for cards, by_good in ((view.hands[seat] or (), in_hand), (view.inactive[seat], inactive)):
            for card in cards:
                action = by_good.get(good_of.get(card))
                if action is not None:
                    out[card] = action
        return out

    # -- one card -----------------------------------------------------------------------------
    def card_html(self, card: int, ctx: Context, *, small: bool = False, note: str = "") -> str:
        """A face-up card's picture with its good's colour (``data-card`` carries its id)."""
        footer = tag("div", esc(note), cls="tk-price") if note else ""
        return p.picture(
            self.card_picture(card, ctx, small=small), small=small, footer=footer, data_card=card
        )

    def hand_html(self, cards: Sequence[int], ctx: Context) -> str:
        """A hand, face up, grouped by good."""
        return "".join(self.card_html(c, ctx, small=True) for c in sorted(cards))

    # -- words for offers and payments -------------------------------------------------------
    def coins_text(self, n: int, ctx: Context) -> str:
        """``1 coin``, ``3 coins`` (``pièce`` / ``pièces``)."""
        return ctx.t("negoces.w.coin" if abs(n) == 1 else "negoces.w.coins", n=n)

    def offer_words(
        self, good: str | None, coins: int, loan: bool, ctx: Context, *, mine: bool = True
    ) -> str:
        """An offer in words: ``Jade and 2 coins``, ``Jade, the seller pays 2 coins`` ..."""
        parts: list[str] = []
        if good is not None:
            parts.append(self.good_name(good, ctx))
        if coins > 0 or (coins == 0 and good is None and not loan):
            parts.append(self.coins_text(coins, ctx))
        if loan:
            parts.append(ctx.t("negoces.w.loan" if mine else "negoces.w.a_loan"))
        text = ctx.t("negoces.w.and").join(parts)
        if coins < 0:
            text += ", " + ctx.t("negoces.w.back", coins=self.coins_text(-coins, ctx))
        return text

    def offer_view_words(self, offer: OfferView, ctx: Context) -> str:
        """A standing offer as its viewer sees it."""
        parts: list[str] = []
        if offer.card is not None:
            parts.append(self.card_name(offer.card, ctx))
        elif offer.face_down:
            parts.append(ctx.t("negoces.w.card") + f" ({ctx.t('negoces.face_down')})")
        if offer.coins > 0 or (offer.coins == 0 and not parts and not offer.loan):
            parts.append(self.coins_text(offer.coins, ctx))
        if offer.loan:
            parts.append(ctx.t("negoces.w.a_loan"))
        text = ctx.t("negoces.w.and").join(parts)
        if offer.coins < 0:
            text += ", " + ctx.t("negoces.w.back", coins=self.coins_text(-offer.coins, ctx))
        return text

    # -- the table ----------------------------------------------------------------------------
    def status(self, view: Any, ctx: Context) -> str:
        """Sale, negotiation round, phase and who must act (or the winner)."""
        v = cast(NegocesView, view)
        if v.over:
            if v.winner is None:
                return f"{ctx.t('game_over')} · {ctx.t('negoces.no_winner', n=v.sales)}"
            return f"{ctx.t('game_over')} · {ctx.winners([v.winner])}"
        bits = []
        if v.phase not in ("auction",) and v.seller is not None:
            bits.append(ctx.t("negoces.sale_of", n=v.sales + 1))
        if v.phase in ("negotiate", "decide"):
            bits.append(
                ctx.t("negoces.round_of", round=v.negotiation_round, rounds=v.negotiation_rounds)
            )
        bits.append(self.phase_name(v.phase, ctx))
        bits.append(ctx.t("to_move", who=ctx.who(v.to_move)))
        return " · ".join(bits)

    def table(self, view: Any, ctx: Context) -> str:
        """Négoces' table as ``view`` (a :class:`NegocesView`) shows it."""
        v = cast(NegocesView, view)
        head = tag("b", esc(self.title(ctx))) + tag("span", esc(self.status(v, ctx)))
        goods, coins = v.goal
        head += pill(ctx.t("negoces.goal", goods=goods, coins=coins), "info")
        for variant in v.variants:
            head += " " + pill(self.variant_name(variant, ctx))
        if "blind" in v.variants:
            head += " " + pill(ctx.t("negoces.blind_note"), "bad")
        top = self._auction(v, ctx) + self._gift(v, ctx) + self._market(v, ctx)
        top += self._offers(v, ctx) + self._last_sale(v, ctx)
        body = self.banner(v, ctx) + tag("div", top, cls="tk-row")
        body += tag("div", "".join(self._seat(v, s, ctx) for s in range(v.players)), cls="tk-seats")
        body += self._side(v, ctx)
        return p.page(
            head,
            body,
            game="negoces",
            size=ctx.size,
            data_round=v.sales + (0 if v.over else 1),
            data_phase=v.phase,
            data_viewer="public" if v.viewer is None else v.viewer,
        )

    def _auction(self, v: NegocesView, ctx: Context) -> str:
        a: AuctionView | None = v.auction
        if a is None:
            return ""
        tables = self.tables(ctx)
        if a.item == "diamant":
            card = tables.cards_of["diamant"][0]
            note = ctx.t("negoces.box_note", item=self.item_name("diamant", ctx))
        else:
            card = tables.special[a.item][0]
            note = ctx.t("negoces.shared_note")
        lines = [
            ctx.t("negoces.high_bid", bid=a.high_bid, name=ctx.name(a.high_bidder)),
            ctx.t("negoces.raise_rule"),
        ]
        if a.out:
            lines.append(ctx.t("negoces.out", who=ctx.who(a.out)))
        if a.speaker is not None:
            lines.append(ctx.t("negoces.speaks", name=ctx.name(a.speaker)))
        lines.append(note)
        body = self.card_html(card, ctx) + "".join(p.label(x) for x in lines)
        title = ctx.t("negoces.auction", item=self.item_name(a.item, ctx))
        return p.section(title, body, data_section="auction")

    def _gift(self, v: NegocesView, ctx: Context) -> str:
        if v.gift is None:
            return ""
        giver, left, _ = v.gift
        text = ctx.t("negoces.gift", name=ctx.name(giver), n=left)
        return p.section(self.phase_name("gift", ctx), tag("div", esc(text)), data_section="gift")

    def _market(self, v: NegocesView, ctx: Context) -> str:
        if v.auction is not None or v.over or v.seller is None:
            return ""
        lines = [ctx.t("negoces.seller_is", name=ctx.name(v.seller))]
        if v.market is not None:
            body = self.card_html(v.market, ctx)
            lines.append(ctx.t("negoces.must_sell"))
            if v.market_inactive:
                lines.append(ctx.t("negoces.inactive_sale"))
            if v.phase in ("negotiate", "decide"):
                lines.append(
                    ctx.t(
                        "negoces.round_of",
                        round=v.negotiation_round,
                        rounds=v.negotiation_rounds,
                    )
                )
        else:
            body = tag("span", esc(ctx.t("negoces.no_market")), cls="tk-muted")
        body += "".join(p.label(x) for x in lines)
        title = f"{ctx.t('negoces.market')} · {ctx.t('negoces.sale_of', n=v.sales + 1)}"
        return p.section(title, body, data_section="market")

    def _offer_html(self, offer: OfferView, ctx: Context) -> str:
        bits = ""
        if offer.card is not None:
            bits += self.card_html(offer.card, ctx, small=True)
        elif offer.face_down:
            bits += p.card_backs(1, ctx.t("negoces.face_down"))
        if offer.coins > 0 or (offer.coins == 0 and offer.card is None and not offer.face_down):
            bits += " " + self.money(offer.coins, ctx)
        elif offer.coins < 0:
            back = ctx.t("negoces.w.back", coins=self.coins_text(-offer.coins, ctx))
            bits += " " + tag("span", esc(back), cls="tk-price")
        if offer.loan:
            bits += " " + pill(ctx.t("negoces.loan_card"), "bad")
        return bits

    def _offers(self, v: NegocesView, ctx: Context) -> str:
        if v.phase not in ("negotiate", "decide", "swindle") or v.seller is None:
            return ""
        rows = []
        for buyer in range(v.players):
            if buyer == v.seller:
                continue
            offer = v.offers[buyer]
            if v.pending is not None and v.pending.buyer == buyer:
                offer = v.pending
            status = ""
            if buyer in v.banned:
                status = pill(ctx.t("negoces.banned"), "bad")
            elif v.phase == "negotiate":
                sealed = v.sealed[buyer]
                if sealed is not None:
                    status = pill(self._sealed_text(sealed, ctx), "info")
                elif buyer in v.submitted or buyer in v.to_move:
                    status = status_pill(buyer in v.submitted, ctx)
            shown = (
                self._offer_html(offer, ctx)
                if offer is not None
                else tag("span", esc(ctx.t("negoces.no_offer")), cls="tk-muted")
            )
            rows.append(
                tag(
                    "div",
                    tag("b", esc(ctx.name(buyer))) + " " + shown + " " + status,
                    data_offer=buyer,
                    style="margin:2px 0",
                )
            )
        return p.section(ctx.t("negoces.offers"), "".join(rows), data_section="offers")

    def _sealed_text(self, action: Action, ctx: Context) -> str:
        if isinstance(action, Offer):
            what = self.offer_words(action.good, action.coins, action.loan, ctx)
            return ctx.t("negoces.offering", what=what)
        if isinstance(action, Stand):
            return ctx.t("negoces.keeps")
        if isinstance(action, Withdraw):
            return ctx.t("negoces.withdraws")
        return self.action_label(action, None, ctx)

    def _last_sale(self, v: NegocesView, ctx: Context) -> str:
        s: SaleRecord | None = v.last_sale
        if s is None:
            return ""
        body = self.card_html(s.market, ctx, small=True)
        if s.stolen:
            text = ctx.t("negoces.stolen_by", buyer=ctx.name(s.buyer), seller=ctx.name(s.seller))
        else:
            paid: list[str] = []
            if s.paid_card is not None:
                body += self.card_html(s.paid_card, ctx, small=True)
                paid.append(self.card_name(s.paid_card, ctx))
            elif s.paid_hidden:
                body += p.card_backs(1, ctx.t("negoces.unseen_card"))
                paid.append(ctx.t("negoces.unseen_card"))
            if s.coins:
                paid.append(self.coins_text(s.coins, ctx))
            if s.loan:
                paid.append(ctx.t("negoces.w.a_loan"))
            what = ctx.t("negoces.w.and").join(paid) or ctx.t("negoces.nothing")
            text = ctx.t(
                "negoces.sold_to", seller=ctx.name(s.seller), buyer=ctx.name(s.buyer), paid=what
            )
            if s.swapped:
                text += f" ({ctx.t('negoces.swapped')})"
        title = f"{ctx.t('negoces.last_sale')} · {ctx.t('negoces.sale_of', n=s.number)}"
        return p.section(title, body + p.label(text), data_section="last-sale")

    def _seat(self, v: NegocesView, seat: int, ctx: Context) -> str:
        badges = [self.money(v.coins[seat], ctx)]
        if v.seller == seat and not v.over:
            badges.append(pill(ctx.t("negoces.seller"), "accent"))
        if v.winner == seat:
            badges.append(pill(ctx.t("negoces.winner"), "good"))
        specials = [
            ("treasurer", v.treasurer[seat]),
            ("miser", v.miser[seat]),
            ("swindler", v.swindler[seat]),
            ("thief", v.thief == seat),
            ("guard", v.guard == seat),
        ]
        for kind, held in specials:
            if held:
                badges.append(pill(self.special_name(kind, ctx), "info"))
        if v.loans[seat]:
            badges.append(pill(ctx.t("negoces.loans_held", n=v.loans[seat]), "bad"))
        hand = v.hands[seat]
        size = v.hand_sizes[seat]
        body = ""
        if hand is not None:
            different = len({self.tables(ctx).good_of[c] for c in hand})
            need = v.goal[0]
            kind = "good" if different >= need else ""
            body += tag("div", pill(ctx.t("negoces.progress", goods=different, need=need), kind))
        body += p.label(ctx.t("negoces.hand", n=size))
        body += self.hand_html(hand, ctx) if hand is not None else p.card_backs(size)
        inactive = v.inactive[seat]
        if inactive:
            body += p.label(ctx.t("negoces.inactive", n=len(inactive)))
            body += "".join(self.card_html(c, ctx, small=True) for c in inactive)
        return p.seat_panel(
            ctx.name(seat),
            badges,
            body,
            active=seat in v.to_move,
            me=v.viewer == seat,
            seat=seat,
        )

    def _side(self, v: NegocesView, ctx: Context) -> str:
        lines = [ctx.t("negoces.box_coins", n=v.box_coins)]
        if "treasury" in v.variants:
            lines.append(ctx.t("negoces.treasury", n=v.treasury))
        if "bank" in v.variants:
            lines.append(ctx.t("negoces.bank", n=v.bank_coins, loans=v.loans_left))
        if "temple" in v.variants:
            lines.append(ctx.t("negoces.sacred_left", n=v.sacred_left))
        body = "".join(p.label(x) for x in lines)
        if v.removed:
            body += p.label(ctx.t("negoces.removed", n=len(v.removed)))
            body += "".join(self.card_html(c, ctx, small=True) for c in v.removed)
        return p.section(ctx.t("negoces.table_side"), body, data_section="side")

    # -- actions ------------------------------------------------------------------------------
    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        """A button's text for a Négoces action, in ``ctx.lang``."""
        v = view if isinstance(view, NegocesView) else None
        if isinstance(action, (UseTreasurer, Stand, Steal, Accept, Swap)):
            return self._view_label(action, v, ctx)
        if isinstance(action, Bid):
            return ctx.t("negoces.a.bid", n=action.amount)
        if isinstance(action, Pass):
            return ctx.t("negoces.a.pass")
        if isinstance(action, Give):
            return ctx.t("negoces.a.give", n=action.coins, name=ctx.name(action.to))
        if isinstance(action, Temple):
            return ctx.t("negoces.a.temple", good=self.good_name(action.good, ctx))
        if isinstance(action, PutUp):
            return ctx.t("negoces.a.put_up", good=self.good_name(action.good, ctx))
        if isinstance(action, SellInactive):
            return ctx.t("negoces.a.sell_inactive", good=self.good_name(action.good, ctx))
        if isinstance(action, Offer):
            what = self.offer_words(action.good, action.coins, action.loan, ctx)
            return ctx.t("negoces.a.offer", what=what)
        if isinstance(action, Withdraw):
            return ctx.t("negoces.a.withdraw")
        if isinstance(action, Ban):
            return ctx.t("negoces.a.ban", name=ctx.name(action.target))
        if isinstance(action, AskToShow):
            return ctx.t("negoces.a.ask", name=ctx.name(action.buyer))
        if isinstance(action, Continue):
            return ctx.t("negoces.a.continue")
        if isinstance(action, NoSwap):
            return ctx.t("negoces.a.no_swap")
        if isinstance(action, TakeLoan):
            return ctx.t("negoces.a.take_loan", n=self._loan_size(ctx))
        if isinstance(action, RepayLoan):
            return ctx.t("negoces.a.repay_loan", n=self._loan_size(ctx))
        return str(action)

    def _view_label(
        self,
        action: UseTreasurer | Stand | Steal | Accept | Swap,
        v: NegocesView | None,
        ctx: Context,
    ) -> str:
        """The label of an action whose text depends on what the viewer sees (``v`` is ``None``
        for a decision listed afterwards, with no view to read)."""
        if isinstance(action, UseTreasurer):
            return ctx.t("negoces.a.treasurer", n=v.treasury if v is not None else "?")
        if isinstance(action, Stand):
            standing = v is not None and v.me is not None and v.offers[v.me] is not None
            return ctx.t("negoces.a.stand" if standing or v is None else "negoces.a.no_offer")
        if isinstance(action, Steal):
            good = "?"
            if v is not None and v.market is not None:
                good = self.card_name(v.market, ctx)
            return ctx.t("negoces.a.steal", good=good)
        if isinstance(action, Accept):
            offer = v.offers[action.buyer] if v is not None else None
            if v is not None and offer is None:
                return ctx.t("negoces.a.give_away", name=ctx.name(action.buyer))
            if offer is None:  # no view to read the offer from (a decision listed afterwards)
                return ctx.t("negoces.a.accept_any", name=ctx.name(action.buyer))
            what = self.offer_view_words(offer, ctx)
            return ctx.t("negoces.a.accept", name=ctx.name(action.buyer), what=what)
        # a Swap: it is unseen, so only the buyer deciding it (or the teacher) reads the good
        deciding = v is not None and v.pending is not None and v.viewer in (v.pending.buyer, "all")
        if not deciding:
            return ctx.t("negoces.a.swap_unseen")
        return ctx.t("negoces.a.swap", good=self.good_name(action.good, ctx))

    def _loan_size(self, ctx: Context) -> int:
        return self.tables(ctx).constant("bank", "loan")

    def command_example(self, legal: Sequence[Action], view: Any, ctx: Context) -> str:
        """An example typed command: an offer with a card and coins if one is legal."""
        for action in legal:
            if isinstance(action, Offer) and action.good is not None and action.coins == 1:
                return str(action)
        for action in legal:
            if isinstance(action, Bid):
                return str(action)
        return str(legal[0]) if legal else ""

    # -- narration ----------------------------------------------------------------------------
    def revealed_label(
        self, action: Action, seat: int, reveal: Event, ctx: Context
    ) -> tuple[str, bool] | None:
        """An offer is shown at the end of its negotiation round as its reveal shows it: a card
        played face down (``face_down``, ``blind``) stays a card back. Standing by an offer,
        withdrawing it and a swindler's swap are never shown as such."""
        if not isinstance(action, Offer) or reveal.data.get("what") != "offers":
            return None
        shown = seat_entry(reveal.data.get("offers"), seat)
        if not isinstance(shown, dict):
            return None
        if shown.get("coins") != action.coins or shown.get("loan") != action.loan:
            return None
        card = shown.get("card")
        if card is None or isinstance(card, int):
            good = None if card is None else self.tables(ctx).good_of.get(card)
            if good != action.good:
                return None
            return self.action_label(action, None, ctx), True
        back = OfferView(seat, None, True, action.coins, action.loan)
        return ctx.t("negoces.a.offer", what=self.offer_view_words(back, ctx)), False

    def narrate_known(self, event: Event, ctx: Context) -> str | None:
        """The narration of ``event``, or ``None`` if this renderer does not know the event."""
        if (told := self.told(event, ctx)) is not None:
            return told
        if event.kind == "action":
            return self._narrate_action(event, ctx)
        data = dict(event.data)
        kind = data.get("what")
        if kind == "in_play":
            goods = ", ".join(self.good_name(g, ctx) for g in data["in_play"])
            return ctx.t("negoces.n.in_play", goods=goods)
        if kind == "deal":
            cards = self.cards_text(data["deal"], ctx)
            return ctx.t("negoces.n.dealt", name=ctx.name(data["seat"]), cards=cards)
        if kind == "inactive":
            return ctx.t("negoces.n.inactive", list=self._per_seat_cards(data["inactive"], ctx))
        if event.kind in ("reveal", "info"):
            return self._narrate_info(event, data, ctx)
        return None

    @staticmethod
    def _colon(ctx: Context) -> str:
        return " : " if ctx.lang == "fr" else ": "

    def _per_seat_cards(self, cards: Sequence[Sequence[int]], ctx: Context) -> str:
        return (" ; " if ctx.lang == "fr" else "; ").join(
            f"{ctx.name(s)} {self.cards_text(c, ctx)}" for s, c in enumerate(cards) if c
        )

    def _narrate_action(self, event: Event, ctx: Context) -> str | None:
        a = event.action
        name = ctx.name(event.player)
        if isinstance(a, Bid):
            return ctx.t("negoces.n.bid", name=name, n=a.amount)
        if isinstance(a, Pass):
            return ctx.t("negoces.n.pass", name=name)
        if isinstance(a, Give):
            return ctx.t("negoces.n.give", name=name, n=a.coins, to=ctx.name(a.to))
        if isinstance(a, UseTreasurer):
            return ctx.t("negoces.n.treasurer", name=name)
        if isinstance(a, Temple):
            return ctx.t("negoces.n.temple_action", name=name, good=self.good_name(a.good, ctx))
        if isinstance(a, PutUp):
            return ctx.t("negoces.n.put_up_action", name=name, good=self.good_name(a.good, ctx))
        if isinstance(a, SellInactive):
            good = self.good_name(a.good, ctx)
            return ctx.t("negoces.n.sell_inactive_action", name=name, good=good)
        if isinstance(a, Offer):
            what = self.offer_words(a.good, a.coins, a.loan, ctx, mine=False)
            return ctx.t("negoces.n.offer", name=name, what=what)
        if isinstance(a, Stand):
            return ctx.t("negoces.n.stand", name=name)
        if isinstance(a, Withdraw):
            return ctx.t("negoces.n.withdraw", name=name)
        if isinstance(a, Ban):
            return ctx.t("negoces.n.ban_action", name=name, to=ctx.name(a.target))
        if isinstance(a, Steal):
            return ctx.t("negoces.n.steal_action", name=name)
        if isinstance(a, AskToShow):
            return ctx.t("negoces.n.ask", name=name, to=ctx.name(a.buyer))
        if isinstance(a, Accept):
            return ctx.t("negoces.n.accept_action", name=name, to=ctx.name(a.buyer))
        if isinstance(a, Continue):
            return ctx.t("negoces.n.continue", name=name)
        if isinstance(a, Swap):
            # the engine logs this action for everyone: the good swapped in stays unsaid
            # (only the buyer and seller read it, in the "pays with ... instead" line)
            return ctx.t("negoces.n.swap_action", name=name)
        if isinstance(a, NoSwap):
            return ctx.t("negoces.n.no_swap", name=name)
        if isinstance(a, TakeLoan):
            return ctx.t("negoces.n.take_loan", name=name, n=self._loan_size(ctx))
        if isinstance(a, RepayLoan):
            return ctx.t("negoces.n.repay_loan", name=name, n=self._loan_size(ctx))
        return None

    def _narrate_offers(self, data: dict[str, Any], ctx: Context) -> str:
        items = []
        for seat, offer in data["offers"].items():
            card = offer.get("card")
            if isinstance(card, int):
                good: str | None = self.tables(ctx).good_of.get(card)
                what = self.offer_words(good, offer["coins"], offer["loan"], ctx, mine=False)
            elif card is not None:  # face down
                back = ctx.t("negoces.w.card") + f" ({ctx.t('negoces.face_down')})"
                rest = self.offer_words(None, offer["coins"], offer["loan"], ctx, mine=False)
                if offer["coins"] == 0 and not offer["loan"]:
                    what = back
                elif offer["coins"] < 0 and not offer["loan"]:
                    what = (
                        back
                        + ", "
                        + ctx.t("negoces.w.back", coins=self.coins_text(-offer["coins"], ctx))
                    )
                else:
                    what = back + ctx.t("negoces.w.and") + rest
            else:
                what = self.offer_words(None, offer["coins"], offer["loan"], ctx, mine=False)
            items.append(f"{ctx.name(int(seat))}{self._colon(ctx)}{what}")
        if not items:
            return ctx.t("negoces.n.no_offers", round=data["round"])
        sep = " ; " if ctx.lang == "fr" else "; "
        return ctx.t("negoces.n.offers", round=data["round"], list=sep.join(items))

    def _narrate_info(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        """Narrate a reveal or an info event from its data (``what`` names the event)."""
        kind = data.get("what")
        name = ctx.name(data.get("seat"))
        # a ``what`` that is not a text names no event (and an unhashable one must not raise)
        narrate = _INFO_NARRATORS.get(kind) if isinstance(kind, str) else None
        return None if narrate is None else narrate(self, data, name, ctx)

    # Each narrates one info or reveal event from its data; ``name`` is the seat's (``seat``).
    def _info_start(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        variants = ""
        if data["variants"]:
            names = ", ".join(self.variant_name(x, ctx) for x in data["variants"])
            variants = ctx.t("negoces.n.variants", list=names)
        goods, coins = data["goal"]
        return ctx.t(
            "negoces.n.start", n=data["players"], variants=variants, goods=goods, coins=coins
        )

    def _info_setup(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.scripted")

    def _info_scripted_coins(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        money = ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(data["coins"]))
        return ctx.t("negoces.n.scripted_coins", list=money)

    def _info_starting_coins(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.starts_with", name=name, n=data["coins"])

    def _info_coins_total(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.coins_total", n=data["coins"])

    def _info_auction(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        item = self.item_name(data["item"], ctx)
        return ctx.t("negoces.n.auction_opens", item=item, name=ctx.name(data["opener"]))

    def _info_auction_won(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        item = self.item_name(data["item"], ctx)
        return ctx.t(
            "negoces.n.auction_won", name=ctx.name(data["winner"]), item=item, n=data["price"]
        )

    def _info_drop_out(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.cannot_raise", name=name)

    def _info_gift(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.shares_out", name=name, n=data["gift"])

    def _info_sale_start(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.sale", n=data["sale"], name=name, cards=data["cards"])

    def _info_treasurer(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.treasurer_out", name=name)

    def _info_temple(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        good = self.card_name(data["removed"], ctx)
        return ctx.t("negoces.n.temple", name=name, good=good)

    def _info_market(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        key = "negoces.n.market_inactive" if data["inactive"] else "negoces.n.market"
        return ctx.t(key, name=name, good=self.card_name(data["market"], ctx))

    def _info_chosen(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.chosen", name=name)

    def _info_offers(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return self._narrate_offers(data, ctx)

    def _info_no_offer(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.continues")

    def _info_ban(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.ban", to=ctx.name(data["banned"]))

    def _info_theft(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        good = self.card_name(data["card"], ctx)
        return ctx.t("negoces.n.steal", name=name, good=good, seller=ctx.name(data["seller"]))

    def _info_turn_up(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.turned_up", name=name, good=self.card_name(data["card"], ctx))

    def _info_accept(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        seller = ctx.name(data["seller"])
        return ctx.t("negoces.n.accepts", seller=seller, name=ctx.name(data["buyer"]))

    def _info_void_offer(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t(
            "negoces.n.void_offer",
            seller=ctx.name(data["seller"]),
            name=ctx.name(data["buyer"]),
            coins=-data["coins"],
        )

    def _info_sale(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return self._narrate_sale(data, ctx)

    def _info_swindle(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.swindler", name=name)

    def _info_swap(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        good, offered = self.card_name(data["paid"], ctx), self.card_name(data["offered"], ctx)
        return ctx.t("negoces.n.swapped", name=name, good=good, offered=offered)

    def _info_paid_with(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("negoces.n.paid_with", name=name, good=self.card_name(data["paid"], ctx))

    def _info_tax_unpaid(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t(
            "negoces.n.lost_treasurer" if data["treasurer"] else "negoces.n.no_tax", name=name
        )

    def _info_show(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        cards = self.cards_text(data["hand"], ctx)
        return ctx.t("negoces.n.shows", name=name, cards=cards, n=data["coins"])

    def _info_game_end(self, data: dict[str, Any], name: str, ctx: Context) -> str:
        if data["winner"] is None:
            return ctx.t("negoces.n.no_winner", n=data["sales"])
        winner = ctx.name(data["winner"])
        by = data.get("by")  # games saved before instant wins do not say
        if by is None:
            return ctx.t("negoces.n.wins", name=winner, goods=data["goods"], n=data["coins"])
        return ctx.t(
            "negoces.n.wins_by",
            name=winner,
            goods=data["goods"],
            n=data["coins"],
            by=ctx.t(f"negoces.by.{by}"),
        )

    def _narrate_sale(self, data: dict[str, Any], ctx: Context) -> str:
        paid: list[str] = []
        card = data.get("card")
        if card == "hidden":
            paid.append(ctx.t("negoces.unseen_card"))
        elif card is not None:
            paid.append(self.card_name(card, ctx))
        if data["coins"]:
            paid.append(self.coins_text(data["coins"], ctx))
        if data["loan"]:
            paid.append(ctx.t("negoces.w.a_loan"))
        what = ctx.t("negoces.w.and").join(paid) or ctx.t("negoces.nothing")
        return ctx.t(
            "negoces.n.buys",
            name=ctx.name(data["buyer"]),
            good=self.card_name(data["market"], ctx),
            seller=ctx.name(data["seller"]),
            paid=what,
        )


#: How each info or reveal event is narrated, by its ``what`` (with the seat's name).
_INFO_NARRATORS: dict[str, Callable[[NegocesRenderer, dict[str, Any], str, Context], str]] = {
    "start": NegocesRenderer._info_start,
    "setup": NegocesRenderer._info_setup,
    "scripted_coins": NegocesRenderer._info_scripted_coins,
    "starting_coins": NegocesRenderer._info_starting_coins,
    "coins_total": NegocesRenderer._info_coins_total,
    "auction": NegocesRenderer._info_auction,
    "auction_won": NegocesRenderer._info_auction_won,
    "drop_out": NegocesRenderer._info_drop_out,
    "gift": NegocesRenderer._info_gift,
    "sale_start": NegocesRenderer._info_sale_start,
    "treasurer": NegocesRenderer._info_treasurer,
    "temple": NegocesRenderer._info_temple,
    "market": NegocesRenderer._info_market,
    "chosen": NegocesRenderer._info_chosen,
    "offers": NegocesRenderer._info_offers,
    "no_offer": NegocesRenderer._info_no_offer,
    "ban": NegocesRenderer._info_ban,
    "theft": NegocesRenderer._info_theft,
    "turn_up": NegocesRenderer._info_turn_up,
    "accept": NegocesRenderer._info_accept,
    "void_offer": NegocesRenderer._info_void_offer,
    "sale": NegocesRenderer._info_sale,
    "swindle": NegocesRenderer._info_swindle,
    "swap": NegocesRenderer._info_swap,
    "paid_with": NegocesRenderer._info_paid_with,
    "tax_unpaid": NegocesRenderer._info_tax_unpaid,
    "show": NegocesRenderer._info_show,
    "game_end": NegocesRenderer._info_game_end,
}
