"""Rungis's table: the centre and its auction, the shops, price sheets, announcements, gold, the
First Buyer, special cards, trading proposals and last round's sales.

Drawn from a :class:`~tradekit.games.rungis.view.RungisView` only, so each of the three views (a
seat, the public, the teacher) shows exactly what that viewer may know: face-down special cards
in the centre and in other seats' hands are card backs, other seats' price sheets are "has
written" until the reveal (a Rumour's player sees its target's), and only the teacher sees the
deck. Every face-up card carries ``data-card``. Names of goods and special cards come from the
game's tables (``name_en`` / ``name_fr`` in ``data/rungis``); the effects of special cards are
written here in both languages from their kind and parameter.

Example:
    >>> import tradekit
    >>> from tradekit.render import Context
    >>> game = tradekit.load_game("rungis", players=3)
    >>> state = game.new_state(setup={"deck": [37, 1, 49], "hands": [[55], [], []]})
    >>> r = RungisRenderer()
    >>> ctx = Context(game, "fr")
    >>> r.card_name(37, ctx), r.card_name(55, ctx)
    ('#37 Poissons (base 4)', '#55 Grève des routiers')
    >>> 'data-card="55"' in r.table(state.view(0), ctx)  # seat 0 sees its special card
    True
    >>> 'data-card="55"' in r.table(state.view(1), ctx)  # seat 1 sees a card back
    False
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from tradekit.core.actions import Action
from tradekit.core.domains import Menu
from tradekit.core.events import Event
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
from tradekit.games.rungis.view import RungisView
from tradekit.i18n import has_message, load_messages
from tradekit.render import Context, Renderer, register_renderer, seat_entry
from tradekit.render import parts as p
from tradekit.render.parts import esc, pill, tag

if TYPE_CHECKING:
    from tradekit.games.rungis.game import RungisGame
    from tradekit.games.rungis.tables import RungisTables, Special

load_messages("tradekit.games.rungis")


#: Each article type's emblem, by its id in ``articles.csv`` (its colour is the palette's, by row).
SHAPES = {
    "fruit": "circle",
    "vegetables": "leaf",
    "eggs": "drop",
    "flowers": "star",
    "cheese": "triangle",
    "poultry": "heart",
    "fish": "moon",
    "meat": "square",
}
#: The special cards' colour and emblem.
_SPECIAL = ("#6c3483", "hexagon")

#: Why a centre card left the game (the ``why`` of the engine's removal events) and the message.
_WHY = {"unopened": "rungis.n.unopened", "leftover": "rungis.n.leftover"}


def _long_pill(text: str, kind: str) -> str:
    """A pill whose text may wrap (a long list of prices must stay inside its seat panel)."""
    return tag("span", esc(text), cls=f"tk-pill tk-{kind}", style="white-space:normal")


def _semicolon(ctx: Context) -> str:
    """A list separator: French typography puts a space before a semicolon."""
    return " ; " if ctx.lang == "fr" else "; "


def _game(ctx: Context) -> RungisGame:
    return cast("RungisGame", ctx.game)


@register_renderer("rungis")
class RungisRenderer(Renderer[RungisView]):
    """Draws and narrates Rungis in English or French."""

    # -- names ----------------------------------------------------------------------------------
    def tables(self, ctx: Context) -> RungisTables:
        """The game's data tables (article types, special cards)."""
        return _game(ctx).tables

    def article_name(self, article: str, ctx: Context) -> str:
        """An article type's name in ``ctx.lang`` (from ``articles.csv``)."""
        item = self.tables(ctx).article_by_id.get(article)
        if item is None:
            return article
        return ctx.named(item)

    def text_value(self, value: str, ctx: Context) -> str | None:
        """An article type's name (``"vegetables"`` is "Vegetables", "Légumes" in French)."""
        known = value in self.tables(ctx).article_by_id
        return self.article_name(value, ctx) if known else None

    def special(self, card: int, ctx: Context) -> Special | None:
        """The special card ``card`` (None for an article card)."""
        return self.tables(ctx).special_by_card.get(card)

    def card_name(self, card: int | None, ctx: Context) -> str:
        """A card in a few words: ``#37 Fish (base 4)``, ``#55 Lorry drivers' strike``, or
        "special card (face down)" for ``None``."""
        if card is None:
            return ctx.t("rungis.face_down")
        tables = self.tables(ctx)
        article = tables.article_cards.get(card)
        if article is not None:
            base = tables.article_by_id[article].base
            return f"#{card} {self.article_name(article, ctx)} ({ctx.t('rungis.base', n=base)})"
        special = tables.special_by_card.get(card)
        if special is None:
            return f"#{card}"
        return f"#{card} {special.name_fr if ctx.lang == 'fr' else special.name_en}"

    def cards_named(self, cards: Iterable[int | None], ctx: Context) -> str:
        """Several cards in a few words each."""
        return ", ".join(self.card_name(c, ctx) for c in cards) or ctx.t("rungis.nothing")

    def special_text(self, special: Special, ctx: Context) -> str:
        """What a special card does, in ``ctx.lang`` (from its kind and parameter)."""
        key = f"rungis.kind.{special.kind}"
        if special.amount == 0 and has_message(f"{key}0"):
            key += "0"
        return ctx.t(key, amount=special.amount)

    # -- pictures -------------------------------------------------------------------------------
    def goods(self, ctx: Context) -> dict[str, p.Good]:
        """Every article type of ``articles.csv``: its name, colour (by its row) and emblem."""
        return p.goods_by_row(((a.id, ctx.named(a)) for a in self.tables(ctx).articles), SHAPES)

    def card_face(self, card: int, ctx: Context) -> p.Face | None:
        """An article card's face (its type big, its base price as a number and dots), or a
        special card's (its name)."""
        tables = self.tables(ctx)
        article = tables.article_cards.get(card)
        if article is not None:
            good = self.goods(ctx)[article]
            base = tables.article_by_id[article].base
            return p.Face(
                f"#{card}",
                good.colour,
                good=good,
                value=str(base),
                caption=ctx.t("rungis.base", n=base),
            )
        special = self.special(card, ctx)
        if special is None:
            return None
        return p.Face(f"#{card}", _SPECIAL[0], name=ctx.named(special))

    # -- cards ----------------------------------------------------------------------------------
    def article_html(self, card: int, ctx: Context, *, small: bool = False, note: str = "") -> str:
        """A face-up article card: its type, base price and id."""
        footer = tag("div", esc(note), cls="tk-price") if note else ""
        return p.picture(
            self.card_picture(card, ctx, small=small),
            small=small,
            footer=footer,
            extra_class="tk-tag" if note else "",
            data_card=card,
        )

    def special_html(
        self, card: int, ctx: Context, *, small: bool = False, text: bool = True
    ) -> str:
        """A face-up special card: its name, when it is played and (``text``) what it does."""
        special = self.special(card, ctx)
        if special is None:
            return ""
        when = ctx.t(f"rungis.timing.{special.timing}")
        what = self.special_text(special, ctx)
        footer = tag("div", esc(f"{when}: {what}" if text else when), cls="tk-label", title=what)
        body = p.picture(
            self.card_picture(card, ctx, small=small),
            small=small,
            footer=footer,
            extra_class="tk-side" if text else "",
            data_card=card,
        )
        return body.replace('class="tk-pic', f'title="{esc(what)}" class="tk-pic', 1)

    def card_html(self, card: int, ctx: Context, *, small: bool = False, note: str = "") -> str:
        """Any face-up card."""
        if card in self.tables(ctx).article_cards:
            return self.article_html(card, ctx, small=small, note=note)
        return self.special_html(card, ctx, small=small, text=not small)

    def chip(self, card: int, ctx: Context) -> str:
        """A card in one short pill (the teacher's list of the deck)."""
        tables = self.tables(ctx)
        article = tables.article_cards.get(card)
        if article is not None:
            index = [a.id for a in tables.articles].index(article)
            text = f"#{card} {self.article_name(article, ctx)}"
            return tag("span", p.swatch(p.colour(index)) + esc(text), cls="tk-pill", data_card=card)
        return tag("span", esc(self.card_name(card, ctx)), cls="tk-pill tk-info", data_card=card)

    def back_html(self, ctx: Context, note: str = "") -> str:
        """A face-down special card (a card back)."""
        back = p.card_back(ctx.t("rungis.face_down"), big=True)
        caption = p.label(note) if note else ""
        return p.picture(back, footer=caption)

    def shop_html(self, shop: Sequence[int], ctx: Context) -> str:
        """A shop: one card per article type held, with the count and each card's id."""
        tables = self.tables(ctx)
        groups: dict[str, list[int]] = {}
        for card in shop:
            groups.setdefault(tables.article_cards[card], []).append(card)
        pictures = self.goods(ctx)
        out = []
        for article in tables.articles:
            cards = groups.get(article.id)
            if not cards:
                continue
            ids = " ".join(tag("span", esc(f"#{c}"), data_card=c) for c in cards)
            base = ctx.t("rungis.base", n=article.base)
            count = ctx.t("rungis.count", n=len(cards))
            out.append(
                tag(
                    "div",
                    p.good_svg(pictures[article.id])
                    + " "
                    + p.dots(len(cards), pictures[article.id].colour)
                    + tag("span", esc(f"{count} · {base} · ") + ids, cls="tk-muted"),
                    cls="tk-unit",
                )
            )
        return "".join(out)

    # -- the table --------------------------------------------------------------------------
    def status(self, view: Any, ctx: Context) -> str:
        """Round, phase and step, who must act (or the winners)."""
        v = cast(RungisView, view)
        text = super().status(v, ctx)
        if v.phase != "over" and v.step:
            key = f"rungis.step.{v.step}"
            phase = self.phase_name(v.phase, ctx)
            text = text.replace(phase, ctx.t("rungis.phase_step", phase=phase, step=ctx.t(key)), 1)
        return text

    def table(self, view: Any, ctx: Context) -> str:
        """Rungis's table as ``view`` (a :class:`RungisView`) shows it."""
        v = cast(RungisView, view)
        game = _game(ctx)
        head = tag("b", esc(self.title(ctx))) + tag("span", esc(self.status(v, ctx)))
        head += pill(ctx.t("rungis.specials_on" if game.specials else "rungis.specials_off"))
        if game.trading:
            head += pill(ctx.t("rungis.trading"), "info")
        if game.below_base:
            head += pill(ctx.t("rungis.below_base"), "accent")
        body = self.banner(v, ctx) + tag(
            "div",
            self._centre(v, ctx) + self._auction(v, ctx) + self._effects(v, ctx),
            cls="tk-row",
        )
        body += self._proposal(v, ctx)
        body += tag("div", "".join(self._seat(v, s, ctx) for s in range(v.players)), cls="tk-seats")
        body += self._market(v, ctx)
        body += self._sales(v, ctx)
        body += self._discards(v, ctx)
        return p.page(
            head,
            body,
            game="rungis",
            size=ctx.size,
            data_round=v.round,
            data_phase=v.phase,
            data_step=v.step or None,
            data_viewer="public" if v.viewer is None else v.viewer,
        )

    def _centre(self, v: RungisView, ctx: Context) -> str:
        slot = v.auction.slot if v.auction is not None else None
        cards = []
        for i, card in enumerate(v.centre):
            note = ctx.t("rungis.designated") if i == slot else ""
            if card is None:
                cards.append(self.back_html(ctx, note or ctx.t("rungis.face_down")))
            elif card in self.tables(ctx).article_cards:
                cards.append(self.article_html(card, ctx, note=note))
            else:  # the teacher sees a face-down special card's face
                cards.append(
                    tag(
                        "div",
                        self.special_html(card, ctx) + p.label(note or ctx.t("rungis.face_down")),
                        style="display:inline-block;vertical-align:top",
                    )
                )
        body = "".join(cards) or tag("span", esc(ctx.t("rungis.centre_empty")), cls="tk-muted")
        body += p.label(ctx.t("rungis.deck", n=v.deck_size))
        if v.deck is not None and v.deck:
            body += p.label(ctx.t("rungis.deck_cards"))
            body += tag("div", " ".join(self.chip(c, ctx) for c in v.deck), style="max-width:520px")
        return p.section(ctx.t("rungis.centre"), body, data_section="centre")

    def _auction(self, v: RungisView, ctx: Context) -> str:
        if v.phase != "rungis":
            return ""
        lines = []
        if v.designator is not None and v.auction is None:
            lines.append(ctx.t("rungis.designator", name=ctx.name(v.designator)))
        a = v.auction
        if a is not None:
            lines.append(ctx.t("rungis.on_block", card=self.card_name(a.card, ctx)))
            lines.append(ctx.t("rungis.opening", n=a.minimum))
            if a.high_bid is None:
                lines.append(ctx.t("rungis.no_bid"))
            else:
                lines.append(ctx.t("rungis.high_bid", n=a.high_bid, name=ctx.name(a.high_bidder)))
            if a.speaker is not None:
                lines.append(ctx.t("rungis.speaker", name=ctx.name(a.speaker)))
            lines.append(ctx.t("rungis.bidders", who=ctx.who(a.bidders)))
        if not lines:
            return ""
        body = "".join(tag("div", esc(line)) for line in lines)
        return p.section(ctx.t("rungis.auction"), body, data_section="auction")

    def _effects(self, v: RungisView, ctx: Context) -> str:
        if not v.effects:
            return ""
        lines = []
        for e in v.effects:
            fields = self._effect_fields(e.kind, e.player, e.target, e.article, e.amount, ctx)
            effect = ctx.t(f"rungis.effect.{e.kind}", **fields)
            text = ctx.t("rungis.n.effect", card=self.card_name(e.card, ctx), effect=effect)
            lines.append(tag("div", esc(text)))
        return p.section(ctx.t("rungis.effects"), "".join(lines), data_section="effects")

    def _effect_fields(
        self,
        kind: str,
        player: int,
        target: int | None,
        article: str | None,
        amount: int,
        ctx: Context,
        card: int | None = None,
    ) -> dict[str, Any]:
        top = amount
        if kind == "price_freeze" and article is not None:
            base = self.tables(ctx).article_by_id[article].base
            top = min(2 * base, base + amount)  # a freeze never lifts the usual cap of 2 × base
        return {
            "name": ctx.name(player),
            "target": ctx.name(target),
            "article": self.article_name(article, ctx) if article else "",
            "amount": top,
            "card": self.card_name(card, ctx) if card is not None else "",
        }

    def _proposal(self, v: RungisView, ctx: Context) -> str:
        lines = []
        if v.proposal is not None:
            pr = v.proposal
            deal = self.deal_words(pr.proposer, pr.to, pr.give, pr.take, pr.gold, ctx)
            text = ctx.t("rungis.a.propose", name=ctx.name(pr.to), deal=deal)
            lines.append(tag("div", esc(f"{ctx.name(pr.proposer)} → {text}")))
        if lines:
            return p.section(ctx.t("rungis.proposal"), "".join(lines), data_section="proposal")
        return ""

    def deal_words(
        self,
        proposer: int,
        to: int,
        give: str | None,
        take: str | None,
        gold: int | None,
        ctx: Context,
    ) -> str:
        """A trading proposal in words: what changes hands and who pays."""
        bits = []
        if give is not None:
            what = ctx.t("rungis.one", article=self.article_name(give, ctx))
            bits.append(ctx.t("rungis.deal_give", what=what))
        if take is not None:
            what = ctx.t("rungis.one", article=self.article_name(take, ctx))
            bits.append(ctx.t("rungis.deal_take", what=what))
        if gold is None:
            bits.append(ctx.t("rungis.deal_open"))
        elif gold > 0:
            bits.append(ctx.t("rungis.deal_pays", name=ctx.name(proposer), n=gold))
        elif gold < 0:
            bits.append(ctx.t("rungis.deal_pays", name=ctx.name(to), n=-gold))
        else:
            bits.append(ctx.t("rungis.deal_no_gold"))
        return ", ".join(bits)

    def _seat(self, v: RungisView, seat: int, ctx: Context) -> str:
        badges = [p.coins(v.gold[seat], unit=ctx.t("rungis.gold"), letter="G")]
        if v.first_buyer == seat and v.phase != "over":
            badges.append(pill(ctx.t("rungis.first_buyer"), "info"))
        if seat in v.barred:
            badges.append(pill(ctx.t("rungis.barred"), "bad"))
        if v.phase == "rungis" and (v.buys[seat] or v.limits[seat] > 1):
            badges.append(pill(ctx.t("rungis.bought", n=v.buys[seat], limit=v.limits[seat])))
        body = self._seat_status(v, seat, ctx)
        size = v.hand_sizes[seat]
        hand = v.hands[seat]
        if size or hand:
            body += p.label(ctx.t("rungis.hand", n=size))
            if hand is not None:
                body += "".join(self.special_html(c, ctx, small=True) for c in hand)
            else:
                body += p.card_backs(size, ctx.t("rungis.face_down"))
        shop = v.shops[seat]
        body += p.label(ctx.t("rungis.shop", n=len(shop)))
        if shop:
            body += self.shop_html(shop, ctx)
        else:
            body += tag("span", esc(ctx.t("rungis.shop_empty")), cls="tk-muted")
        return p.seat_panel(
            ctx.name(seat),
            badges,
            body,
            active=seat in v.to_move,
            me=v.viewer == seat,
            seat=seat,
        )

    def _seat_status(self, v: RungisView, seat: int, ctx: Context) -> str:
        bits: list[str] = []
        said = v.announcements[seat]
        if said:
            items = ", ".join(f"{self.article_name(a, ctx)} {x}" for a, x in said)
            bits.append(_long_pill(ctx.t("rungis.announced", list=items), "accent"))
        sheet = v.sheets[seat]
        if sheet:
            items = ", ".join(f"{self.article_name(a, ctx)} {x}" for a, x in sheet)
            bits.append(_long_pill(ctx.t("rungis.sheet", list=items), "info"))
        if v.step == "prices" and v.shops[seat] and not v.revealed:
            if seat in v.submitted:
                if not sheet:
                    bits.append(pill(ctx.t("rungis.written"), "good"))
            elif seat in v.to_move:
                bits.append(pill(ctx.t("rungis.writing"), "accent"))
            else:
                bits.append(pill(ctx.t("rungis.waiting"), "accent"))
        if v.phase == "over":  # the scores are public all along; the table shows the final ones
            bits.append(pill(ctx.t("rungis.score", n=v.scores[seat]), "good"))
        return tag("div", " ".join(bits)) if bits else ""

    def _market(self, v: RungisView, ctx: Context) -> str:
        tables = self.tables(ctx)
        game = _game(ctx)
        header = [
            ctx.t("rungis.article"),
            ctx.t("rungis.range"),
            *(ctx.name(s) for s in range(v.players)),
        ]
        counts: list[dict[str, int]] = [{} for _ in range(v.players)]
        for s, shop in enumerate(v.shops):
            for card in shop:
                t = tables.article_cards[card]
                counts[s][t] = counts[s].get(t, 0) + 1
        sheets = [dict(sheet) if sheet is not None else None for sheet in v.sheets]
        said = [dict(a) for a in v.announcements]
        rows = []
        pictures = self.goods(ctx)
        for article in tables.articles:
            aid = article.id
            low = 1 if game.below_base else article.base
            high = 2 * article.base
            for e in v.effects:
                if e.kind == "price_freeze" and e.article == aid:
                    high = min(high, article.base + e.amount)
            cells = [
                p.good_svg(pictures[aid]) + esc(f" ({ctx.t('rungis.base', n=article.base)})"),
                esc(f"{low}–{high}"),
            ]
            holders = [s for s in range(v.players) if counts[s].get(aid)]
            for s in range(v.players):
                n = counts[s].get(aid, 0)
                if not n:
                    cells.append("·")
                    continue
                bits = [ctx.t("rungis.count", n=n)]
                if aid in said[s]:
                    bits.append(ctx.t("rungis.cell_ann", n=said[s][aid]))
                sheet = sheets[s]
                written = sheet.get(aid) if sheet is not None else None
                lowest = False
                if written is not None:
                    bits.append(f"→ {written}")
                    known = [x for q in holders if (x := (sheets[q] or {}).get(aid)) is not None]
                    lowest = v.revealed and written == min(known)
                cells.append(("!" if lowest else "") + esc(" · ".join(bits)))
            rows.append(cells)
        return p.section(ctx.t("rungis.market"), p.grid(header, rows), data_section="market")

    def _sales(self, v: RungisView, ctx: Context) -> str:
        if not v.sales:
            return ""
        header = [
            ctx.t("rungis.article"),
            ctx.t("rungis.seller"),
            ctx.t("rungis.price"),
            ctx.t("rungis.cards"),
            ctx.t("rungis.result"),
            ctx.t("rungis.earned"),
        ]
        rows = []
        for line in v.sales:
            status = ctx.t(f"rungis.status.{line.status}")
            rows.append(
                [
                    esc(self.article_name(line.article, ctx)),
                    esc(ctx.name(line.player)),
                    esc("—" if line.price is None else line.price),
                    esc(line.cards),
                    ("!" if line.status == "lowest" else "") + esc(status),
                    esc(line.paid),
                ]
            )
        return p.section(ctx.t("rungis.sales"), p.grid(header, rows), data_section="sales")

    def _discards(self, v: RungisView, ctx: Context) -> str:
        body = ""
        if v.played:
            body += p.label(ctx.t("rungis.played"))
            body += "".join(self.special_html(c, ctx, small=True, text=False) for c in v.played)
        if v.removed or v.removed_face_down:
            body += p.label(ctx.t("rungis.removed"))
            body += "".join(self.card_html(c, ctx, small=True) for c in v.removed)
            if v.removed_face_down_cards is not None:
                body += "".join(
                    self.special_html(c, ctx, small=True, text=False)
                    for c in v.removed_face_down_cards
                )
            if v.removed_face_down:
                body += p.label(ctx.t("rungis.removed_face_down", n=v.removed_face_down))
        if not body:
            return ""
        return p.section(ctx.t("rungis.out_of_play"), body, data_section="discards")

    # -- actions ----------------------------------------------------------------------------
    def play_target(self, action: Play, ctx: Context) -> str:
        """A Play action's targets in words (a seat, an article type, a centre card)."""
        bits = []
        if action.player is not None:
            bits.append(ctx.name(action.player))
        if action.article is not None:
            bits.append(self.article_name(action.article, ctx))
        if action.pick is not None:
            bits.append(self.card_name(action.pick, ctx))
        return ", ".join(bits)

    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        """A button's text for a Rungis action, in ``ctx.lang``."""
        if isinstance(action, Designate):
            if isinstance(view, RungisView) and 0 <= action.slot < len(view.centre):
                card = view.centre[action.slot]
                return ctx.t("rungis.a.designate", card=self.card_name(card, ctx))
            return ctx.t("rungis.a.designate_slot", n=action.slot + 1)
        if isinstance(action, Bid):
            return ctx.t("rungis.a.bid", n=action.amount)
        if isinstance(action, Pass):
            return ctx.t("rungis.a.pass")
        if isinstance(action, Play):
            played = self.card_name(action.card, ctx)
            target = self.play_target(action, ctx)
            if target:
                return ctx.t("rungis.a.play_on", card=played, target=target)
            return ctx.t("rungis.a.play", card=played)
        if isinstance(action, Done):
            return ctx.t("rungis.a.done")
        if isinstance(action, Announce):
            article = self.article_name(action.article, ctx)
            return ctx.t("rungis.a.announce", article=article, price=action.price)
        if isinstance(action, Propose):
            proposer = view.me if isinstance(view, RungisView) and view.me is not None else -1
            deal = self.deal_words(proposer, action.to, action.give, action.take, None, ctx)
            deal = deal.rsplit(", ", 1)[0]  # the gold comes next, with the terms
            return ctx.t("rungis.a.propose", name=ctx.name(action.to), deal=deal)
        if isinstance(action, Terms):
            if action.gold > 0:
                return ctx.t("rungis.a.terms_pay", n=action.gold)
            if action.gold < 0:
                other = None
                if isinstance(view, RungisView) and view.proposal is not None:
                    other = view.proposal.to
                if other is None:
                    return ctx.t("rungis.a.terms_get_other", n=-action.gold)
                return ctx.t("rungis.a.terms_get", name=ctx.name(other), n=-action.gold)
            return ctx.t("rungis.a.terms_none")
        if isinstance(action, Accept):
            return ctx.t("rungis.a.accept")
        if isinstance(action, Refuse):
            return ctx.t("rungis.a.refuse")
        if isinstance(action, Price):
            article = self.article_name(action.article, ctx)
            return ctx.t("rungis.a.price", article=article, price=action.price)
        return str(action)

    def command_example(self, legal: Sequence[Action], view: Any, ctx: Context) -> str:
        """An example typed command: a bid or a price if legal, else the first legal action."""
        # A menu is read option by option: the bids or terms of a rich seat are never listed.
        firsts = (
            [option[0] for option in legal.options if len(option)]
            if isinstance(legal, Menu)
            else legal
        )
        for action in firsts:
            if isinstance(action, Bid):
                return str(action)
        for action in firsts:
            if isinstance(action, (Price, Announce)):
                return str(action)
        return str(legal[0]) if legal else ""

    # -- narration --------------------------------------------------------------------------
    def revealed_label(
        self, action: Action, seat: int, reveal: Event, ctx: Context
    ) -> tuple[str, bool] | None:
        """The price sheets are turned face up whole when every shop has written its own."""
        if not isinstance(action, Price) or reveal.data.get("what") != "reveal":
            return None
        sheet = seat_entry(reveal.data.get("sheets"), seat)
        if not isinstance(sheet, dict) or sheet.get(action.article) != action.price:
            return None
        return self.action_label(action, None, ctx), True

    def narrate_known(self, event: Event, ctx: Context) -> str | None:
        """The narration of ``event``, or ``None`` if this renderer does not know the event."""
        if (told := self.told(event, ctx)) is not None:
            return told
        if event.kind == "action":
            return self._narrate_action(event, ctx)
        data = dict(event.data)
        if event.kind == "chance":
            return self._narrate_chance(event, data, ctx)
        if event.kind == "reveal" and data.get("what") == "reveal":
            sheets = _semicolon(ctx).join(
                f"{ctx.name(int(s))} "
                + ", ".join(f"{self.article_name(a, ctx)} {x}" for a, x in sheet.items())
                for s, sheet in data["sheets"].items()
            )
            return ctx.t("rungis.n.reveal", sheets=sheets or ctx.t("rungis.nothing"))
        if event.kind == "info":
            return self._narrate_info(event, data, ctx)
        return None

    def _narrate_chance(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        what = data.get("what")
        if what == "centre":
            return ctx.t("rungis.n.centre", cards=self.cards_named(data["centre"], ctx))
        if what == "face_down":
            return ctx.t("rungis.n.face_down", cards=self.cards_named(data["face_down"], ctx))
        if what == "hand":
            cards = self.cards_named(data["hand"], ctx)
            return ctx.t("rungis.n.given", name=ctx.name(event.player), cards=cards)
        if what == "scripted_deck":
            return ctx.t("rungis.n.scripted_deck", n=len(data["deck"]))
        if what == "shuffle":
            return ctx.t("rungis.n.shuffled", n=len(data["deck"]))
        return None

    def _narrate_action(self, event: Event, ctx: Context) -> str | None:
        a = event.action
        name = ctx.name(event.player)
        if isinstance(a, Designate):
            card = self.card_name(event.data.get("card"), ctx)  # no card: a face-down special
            return ctx.t("rungis.n.designate", name=name, card=card)
        if isinstance(a, Bid):
            return ctx.t("rungis.n.bid", name=name, n=a.amount)
        if isinstance(a, Pass):
            return ctx.t("rungis.n.pass", name=name)
        if isinstance(a, Play):
            card = self.card_name(a.card, ctx)
            target = self.play_target(a, ctx)
            if target:
                return ctx.t("rungis.n.play_on", name=name, card=card, target=target)
            return ctx.t("rungis.n.play", name=name, card=card)
        if isinstance(a, Done):
            return ctx.t("rungis.n.done", name=name)
        if isinstance(a, Announce):
            article = self.article_name(a.article, ctx)
            return ctx.t("rungis.n.announce", name=name, article=article, price=a.price)
        if isinstance(a, Propose):
            deal = self.deal_words(event.player or 0, a.to, a.give, a.take, None, ctx)
            deal = deal.rsplit(", ", 1)[0]
            return ctx.t("rungis.n.propose", name=name, to=ctx.name(a.to), deal=deal)
        if isinstance(a, Terms):
            if a.gold > 0:
                return ctx.t("rungis.n.terms_pay", name=name, n=a.gold)
            if a.gold < 0:
                return ctx.t("rungis.n.terms_get", name=name, n=-a.gold)
            return ctx.t("rungis.n.terms_none", name=name)
        if isinstance(a, Accept):
            return ctx.t("rungis.n.accept", name=name)
        if isinstance(a, Refuse):
            return ctx.t("rungis.n.refuse", name=name)
        if isinstance(a, Price):
            article = self.article_name(a.article, ctx)
            return ctx.t("rungis.n.price", name=name, article=article, price=a.price)
        return None

    def _narrate_info(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        name = ctx.name(event.player)
        what = data.get("what")
        # a ``what`` that is not a text names no event (and an unhashable one must not raise)
        narrate = _INFO_NARRATORS.get(what) if isinstance(what, str) else None
        return None if narrate is None else narrate(self, event, data, name, ctx)

    # Each narrates one info event from its data; ``name`` is the event's player's.
    def _info_start(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        game = _game(ctx)
        specials = ctx.t("rungis.specials_on" if game.specials else "rungis.specials_off")
        return ctx.t("rungis.n.start", n=game.players, rounds=data["rounds"], specials=specials)

    def _info_setup(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        gold = ", ".join(f"{ctx.name(s)} {g}" for s, g in enumerate(data["gold"]))
        return ctx.t("rungis.n.scripted", gold=gold, name=ctx.name(data["first"]))

    def _info_round(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("rungis.n.round", round=event.round, name=ctx.name(data["first_buyer"]))

    def _info_deck_empty(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("rungis.n.empty_deck")

    def _info_removed_unseen(
        self, event: Event, data: dict[str, Any], name: str, ctx: Context
    ) -> str:
        return ctx.t("rungis.n.removed_unseen", card=self.card_name(data["removed"], ctx))

    def _info_removed(
        self, event: Event, data: dict[str, Any], name: str, ctx: Context
    ) -> str | None:
        """A card removed face up (``removed``) or face down (``removed_face_down``)."""
        key = _WHY.get(str(data.get("why")))
        if key is None:
            return None
        why = ctx.t(key)
        if data.get("what") == "removed":
            card = self.card_name(data["removed"], ctx)
            return ctx.t("rungis.n.removed", card=card, why=why)
        return ctx.t("rungis.n.removed_face_down", why=why)

    def _info_looks(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("rungis.n.looks", name=name, card=self.card_name(data["special"], ctx))

    def _info_buy(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        if "card" in data:
            card = self.card_name(data["card"], ctx)
            return ctx.t("rungis.n.buys", name=name, card=card, n=data["price"])
        return ctx.t("rungis.n.buys_special", name=name, n=data["price"])

    def _info_effect(
        self, event: Event, data: dict[str, Any], name: str, ctx: Context
    ) -> str | None:
        return self._narrate_effect(event, data, ctx)

    def _info_trade(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return self._narrate_trade(data, ctx)

    def _info_sheet_written(
        self, event: Event, data: dict[str, Any], name: str, ctx: Context
    ) -> str:
        return ctx.t("rungis.n.sheet_written", name=name)

    def _info_rumour(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        sheet = ", ".join(f"{self.article_name(a, ctx)} {x}" for a, x in data["sheet"].items())
        return ctx.t("rungis.n.rumour", name=name, target=ctx.name(data["of"]), sheet=sheet)

    def _info_strike(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t("rungis.n.strike", article=self.article_name(data["article"], ctx))

    def _info_subsidy(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t(
            "rungis.n.subsidy",
            name=name,
            n=data["paid"],
            article=self.article_name(data["article"], ctx),
            amount=data["amount"],
            cards=data["cards"],
        )

    def _info_sale(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        lines = [
            ctx.t(
                "rungis.n.sale_line",
                name=ctx.name(int(line["player"])),
                status=ctx.t(f"rungis.status.{line['status']}"),
                n=line["paid"],
            )
            for line in data["lines"]
        ]
        article = self.article_name(data["article"], ctx)
        return ctx.t("rungis.n.sale", article=article, lines=_semicolon(ctx).join(lines))

    def _info_score(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        return ctx.t(
            "rungis.n.final_seat",
            name=name,
            gold=data["gold"],
            shop=data["shop"],
            score=data["score"],
        )

    def _info_final(self, event: Event, data: dict[str, Any], name: str, ctx: Context) -> str:
        scores = ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(data["scores"]))
        return ctx.t("rungis.n.final", scores=scores, who=ctx.winners(data["winners"]))

    def _narrate_trade(self, data: dict[str, Any], ctx: Context) -> str:
        proposer, to = int(data["proposer"]), int(data["to"])
        deal = []
        for seat, key in ((proposer, "give_card"), (to, "take_card")):
            if key in data:
                card = self.card_name(int(data[key]), ctx)
                deal.append(ctx.t("rungis.n.gives", name=ctx.name(seat), card=card))
        paid = int(data["gold"])
        if paid:
            payee = to if paid > 0 else proposer
            deal.append(ctx.t("rungis.n.gold_to", n=abs(paid), name=ctx.name(payee)))
        return ctx.t("rungis.n.trade", a=ctx.name(proposer), b=ctx.name(to), deal=", ".join(deal))

    def _narrate_effect(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        kind = str(data["kind"])
        if not has_message(f"rungis.effect.{kind}"):
            return None
        player = event.player if event.player is not None else 0
        target = data.get("target")
        article = data.get("article")
        amount = int(data.get("amount", 0))
        if kind == "spoilage":
            amount = len(data["lost"])  # the target may have held fewer cards than the amount
        fields = self._effect_fields(kind, player, target, article, amount, ctx, data.get("pick"))
        if kind == "price_freeze":
            fields["amount"] = data["top"]
        effect = ctx.t(f"rungis.effect.{kind}", **fields)
        return ctx.t("rungis.n.effect", card=self.card_name(int(data["card"]), ctx), effect=effect)


#: How each info event is narrated, by its ``what`` (with the event's player's name).
_INFO_NARRATORS: dict[
    str, Callable[[RungisRenderer, Event, dict[str, Any], str, Context], str | None]
] = {
    "start": RungisRenderer._info_start,
    "setup": RungisRenderer._info_setup,
    "round": RungisRenderer._info_round,
    "deck_empty": RungisRenderer._info_deck_empty,
    "removed_unseen": RungisRenderer._info_removed_unseen,
    "removed": RungisRenderer._info_removed,
    "removed_face_down": RungisRenderer._info_removed,
    "looks": RungisRenderer._info_looks,
    "buy": RungisRenderer._info_buy,
    "effect": RungisRenderer._info_effect,
    "trade": RungisRenderer._info_trade,
    "sheet_written": RungisRenderer._info_sheet_written,
    "rumour": RungisRenderer._info_rumour,
    "strike": RungisRenderer._info_strike,
    "subsidy": RungisRenderer._info_subsidy,
    "sale": RungisRenderer._info_sale,
    "score": RungisRenderer._info_score,
    "final": RungisRenderer._info_final,
}
