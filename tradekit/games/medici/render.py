"""Medici's table: warehouses of five slots, the commodity ladders, the wealth track, the lot and
its once-around auction, the ship table and what it would pay if the round ended now.

Drawn from a :class:`~tradekit.games.medici.view.MediciView` only. Everything in Medici is public
except the order of the round's pile and which cards are out of play: a seat and the public see
the pile as card backs, the teacher (``"all"``) sees it face up, top card first, and the cards set
aside. Goods names come from ``data/medici/goods.csv`` (``name_en`` / ``name_fr``).

Example:
    >>> import tradekit
    >>> from tradekit.render import Context
    >>> game = tradekit.load_game("medici", players=3)
    >>> state = game.new_state(setup={"piles": [[36, 7, 14, 1]]})
    >>> r = MediciRenderer()
    >>> r.card_short(7, Context(game, "fr")), r.card_short(36, Context(game, "en"))
    ('#7 Métal 5', '#36 Neutral 10')
    >>> 'data-card="36"' in r.table(state.view(0), Context(game))  # the lot is face up
    True
    >>> 'data-card="7"' in r.table(state.view(0), Context(game))  # the pile is not
    False
    >>> 'data-card="7"' in r.table(state.view("all"), Context(game))  # except for the teacher
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from tradekit.core.actions import Action
from tradekit.core.events import Event
from tradekit.games.medici.actions import Auction, Bid, Pass, Turn
from tradekit.games.medici.game import MAX_LOT, WAREHOUSE
from tradekit.games.medici.view import MediciView
from tradekit.i18n import load_messages
from tradekit.render import Context, Renderer, actions_with, register_renderer
from tradekit.render import parts as p
from tradekit.render.parts import esc, pill, tag

if TYPE_CHECKING:
    from tradekit.games.medici.game import MediciGame
    from tradekit.games.medici.tables import MediciTables

load_messages("tradekit.games.medici")

#: Places with a word of their own (``medici.place.1`` ... ``medici.place.6``).
_PLACE_WORDS = 6

#: Each good's emblem on the cards and the ladders, by its id in ``goods.csv``.
SHAPES = {
    "metal": "hexagon",
    "porcelain": "drop",
    "dye": "heart",
    "cloth": "square",
    "spices": "star",
}
#: The neutral card's colour and emblem.
NEUTRAL = ("#7f8c8d", "ring")

#: Seat colours (markers on the ladders and the wealth track), after the goods' colours.
SEAT_COLOUR_OFFSET = 5

_STYLE = """<style>
.tk-medici .tk-slot{display:inline-flex;align-items:center;justify-content:center;width:6em;
height:8em;margin:.15em;border:1px dashed #b9c3cf;border-radius:.5em;color:#9aa7b6;
font-size:.85em;vertical-align:top}
.tk-medici .tk-mark{display:inline-block;padding:0 .4em;margin:.05em;border-radius:.6em;color:#fff;
font-size:.95em;font-weight:600}
.tk-medici .tk-bar{display:inline-block;height:.8em;border-radius:.2em;vertical-align:middle}
.tk-medici .tk-track td{border:0;padding:.05em .3em;text-align:left}
</style>"""


def _game(ctx: Context) -> MediciGame:
    return cast("MediciGame", ctx.game)


def seat_colour(seat: int) -> str:
    """A seat's colour (ladder markers, the wealth track)."""
    return p.colour(SEAT_COLOUR_OFFSET + seat)


@register_renderer("medici")
class MediciRenderer(Renderer[MediciView]):
    """Draws and narrates Medici in English or French."""

    # -- names --------------------------------------------------------------------------------
    def tables(self, ctx: Context) -> MediciTables:
        """The game's data tables (goods, cards, ship tables, ladder)."""
        return _game(ctx).tables

    def card_actions(
        self, legal: Sequence[Action], view: MediciView, ctx: Context
    ) -> dict[int, Action]:
        """The legal action a click on a card of the table plays: a card of the lot puts the lot
        up for auction (the pile, a card back, turns a card from its button).

        Example:
            >>> import tradekit
            >>> state = tradekit.load_game("medici", players=3).new_state(seed=1)
            >>> seat = state.to_move[0]
            >>> acts = MediciRenderer().card_actions(
            ...     state.legal_actions(seat), state.view(seat), Context(state.game))
            >>> sorted(acts) == sorted(state.view(seat).lot), set(map(str, acts.values()))
            (True, {'auction the lot'})
        """
        auction = next(iter(actions_with(legal, lambda cls: cls is Auction)), None)
        return {} if auction is None else dict.fromkeys(view.lot, auction)

    def section_actions(
        self, legal: Sequence[Action], view: MediciView, ctx: Context
    ) -> dict[str, Action]:
        """A click on the pile turns its next card, when that is legal.

        Example:
            >>> import tradekit
            >>> state = tradekit.load_game("medici", players=3).new_state(seed=1)
            >>> seat = state.to_move[0]
            >>> MediciRenderer().section_actions(
            ...     state.legal_actions(seat), state.view(seat), Context(state.game))
            {'pile': Turn()}
        """
        turn = next(iter(actions_with(legal, lambda cls: cls is Turn)), None)
        return {} if turn is None else {"pile": turn}

    def good_name(self, good_id: str | None, ctx: Context) -> str:
        """A good's name in ``ctx.lang`` (from ``goods.csv``); ``None`` is the neutral card."""
        if good_id is None:
            return ctx.t("medici.neutral")
        tables = self.tables(ctx)
        good = tables.goods[tables.good_index[good_id]]
        return ctx.named(good)

    def table_name(self, name: str, ctx: Context) -> str:
        """A ship table's name in ``ctx.lang`` (a teacher's own table keeps its name)."""
        key = f"medici.table.{name}"
        text = ctx.t(key)
        return name if text == key else text

    def card_name(self, card_id: int, ctx: Context) -> str:
        """A card in two words: its good and its value (``Metal 5``, ``Neutral 10``)."""
        card = self.tables(ctx).card_by_id.get(card_id)
        if card is None:
            return f"#{card_id}"
        return f"{self.good_name(card.good, ctx)} {card.value}"

    def card_short(self, card_id: int, ctx: Context) -> str:
        """A card with its id: ``#7 Metal 5``."""
        return f"#{card_id} {self.card_name(card_id, ctx)}"

    def cards_short(self, cards: Sequence[int], ctx: Context) -> str:
        """Several cards, comma-separated."""
        return ", ".join(self.card_short(c, ctx) for c in cards)

    def card_colour(self, card_id: int, ctx: Context) -> str:
        """The colour of a card's good (grey for the neutral card)."""
        tables = self.tables(ctx)
        card = tables.card_by_id[card_id]
        if card.good is None:
            return "#7f8c8d"
        return p.colour(tables.good_index[card.good])

    # -- pictures -----------------------------------------------------------------------------
    def goods(self, ctx: Context) -> dict[str, p.Good]:
        """Every good of ``goods.csv``: its name, its colour (by its row) and its emblem."""
        return p.goods_by_row(((g.id, ctx.named(g)) for g in self.tables(ctx).goods), SHAPES)

    def card_face(self, card: int, ctx: Context) -> p.Face | None:
        """A card's face: its good (or the neutral card) big, and its value."""
        found = self.tables(ctx).card_by_id.get(card)
        if found is None:
            return None
        if found.good is None:
            good = p.Good(ctx.t("medici.neutral"), *NEUTRAL)
        else:
            good = self.goods(ctx)[found.good]
        return p.Face(f"#{card}", good.colour, good=good, value=str(found.value))

    # -- one card -----------------------------------------------------------------------------
    def card_html(self, card_id: int, ctx: Context, *, small: bool = False) -> str:
        """A face-up card's picture: its good's colour, emblem and name, and its value."""
        return p.picture(
            self.card_picture(card_id, ctx, small=small), small=small, data_card=card_id
        )

    # -- the table ----------------------------------------------------------------------------
    def table(self, view: Any, ctx: Context) -> str:
        """Medici's table as ``view`` (a :class:`MediciView`) shows it."""
        v = cast(MediciView, view)
        head = tag("b", esc(self.title(ctx))) + tag("span", esc(self.status(v, ctx)))
        rewards = " · ".join(map(str, v.ship_rewards))
        head += pill(
            ctx.t("medici.ship_table", name=self.table_name(v.reward_table, ctx), rewards=rewards),
            "info",
        )
        if v.round:
            head += pill(ctx.t("medici.pile", n=v.pile_size))
            head += pill(ctx.t("medici.out_of_play", n=v.out_of_play_size))
        body = _STYLE + self.banner(v, ctx)
        body += tag("div", self._lot(v, ctx) + self._ships(v, ctx), cls="tk-row")
        body += tag("div", "".join(self._seat(v, s, ctx) for s in range(v.players)), cls="tk-seats")
        body += tag("div", self._ladders(v, ctx) + self._wealth(v, ctx), cls="tk-row")
        body += self._discards(v, ctx)
        body += self._pile(v, ctx)
        return p.page(
            head,
            body,
            game="medici",
            size=ctx.size,
            data_round=v.round,
            data_phase=v.phase,
            data_viewer="public" if v.viewer is None else v.viewer,
        )

    def _lot(self, v: MediciView, ctx: Context) -> str:
        if v.lot:
            cards = "".join(self.card_html(c, ctx) for c in v.lot)
            points = sum(self.tables(ctx).card_by_id[c].value for c in v.lot)
            cards += p.label(ctx.t("medici.lot_points", n=points))
        else:
            cards = tag("span", esc(ctx.t("medici.no_lot")), cls="tk-muted")
        extra = ""
        if v.phase == "turn":
            key = "medici.may_turn" if v.can_turn else "medici.must_auction"
            extra = p.label(ctx.t("medici.turning", name=ctx.name(v.active), note=ctx.t(key)))
        elif v.phase == "auction":
            extra = self._auction(v, ctx)
        title = ctx.t("medici.lot", n=len(v.lot), max=MAX_LOT)
        return p.section(title, cards + extra, data_section="lot")

    def _auction(self, v: MediciView, ctx: Context) -> str:
        said = dict(v.auction_history)
        lines = []
        for k, seat in enumerate(v.auction_order):
            if seat in said:
                bid = said[seat]
                status = (
                    pill(ctx.t("medici.passed"))
                    if bid is None
                    else pill(ctx.t("medici.bid", n=bid), "good")
                )
            elif seat == v.speaker:
                status = pill(ctx.t("medici.speaks"), "accent")
            else:
                status = pill(ctx.t("medici.waiting"))
            last = ""
            if k == len(v.auction_order) - 1:
                last = " " + tag("span", esc(ctx.t("medici.speaks_last")), cls="tk-muted")
            lines.append(tag("div", esc(ctx.name(seat)) + " " + status + last))
        if v.high_bidder is None:
            high = pill(ctx.t("medici.no_bid"))
        else:
            high = pill(
                ctx.t("medici.high_bid", n=v.high_bid, name=ctx.name(v.high_bidder)), "info"
            )
        out = [s for s in range(v.players) if s not in v.auction_order]
        left_out = ""
        if out:
            left_out = p.label(ctx.t("medici.no_room_for", who=ctx.who(out)))
        return p.label(ctx.t("medici.auction")) + high + "".join(lines) + left_out

    def _ships(self, v: MediciView, ctx: Context) -> str:
        # The split is the engine's (the view's ship_places and ship_paid), never redone here.
        totals = v.ship_totals
        header = [ctx.t("medici.player"), ctx.t("medici.total"), ctx.t("medici.rank"), ""]
        rows = []
        for seat in sorted(range(v.players), key=lambda s: (-totals[s], s)):
            first, last = v.ship_places[seat]
            rank = str(first) if first == last else f"{first}–{last}"
            rows.append(
                [
                    p.swatch(seat_colour(seat)) + esc(ctx.name(seat)),
                    esc(totals[seat]),
                    esc(rank),
                    ("!" if first != last else "") + esc(v.ship_paid[seat]),
                ]
            )
        header[3] = ctx.t("medici.paid")
        body = p.grid(header, rows) + p.label(ctx.t("medici.if_now"))
        return p.section(ctx.t("medici.ships"), body, data_section="ships")

    def _seat(self, v: MediciView, seat: int, ctx: Context) -> str:
        badges = [p.coins(v.wealth[seat], unit=ctx.t("medici.florins"), letter="F")]
        held = v.warehouses[seat]
        if len(held) >= WAREHOUSE:
            badges.append(pill(ctx.t("medici.full"), "bad"))
        if v.round and seat == v.first_player and v.phase != "over":
            badges.append(pill(ctx.t("medici.first")))
        if seat in v.winners:
            badges.append(pill(ctx.t("medici.winner"), "good"))
        bits = [pill(ctx.t("medici.ship", n=v.ship_totals[seat]), "info")]
        if v.phase == "over":
            bits.append(pill(ctx.t("medici.final", n=v.scores[seat]), "good"))
        body = tag("div", " ".join(bits))
        body += p.label(ctx.t("medici.warehouse", n=len(held), max=WAREHOUSE))
        slots = "".join(self.card_html(c, ctx, small=True) for c in held)
        empty = tag("span", esc(ctx.t("medici.empty")), cls="tk-slot")
        slots += empty * max(0, WAREHOUSE - len(held))
        body += tag("div", slots, cls="tk-wh")
        moves = self._moves(held, ctx)
        if moves and v.phase != "over":
            body += p.label(ctx.t("medici.moves", moves=moves))
        return p.seat_panel(
            ctx.name(seat),
            badges,
            body,
            active=seat in v.to_move,
            me=v.viewer == seat,
            seat=seat,
        )

    def _moves(self, cards: Sequence[int], ctx: Context) -> str:
        tables = self.tables(ctx)
        counts: dict[str, int] = {}
        for c in cards:
            good = tables.card_by_id[c].good
            if good is not None:
                counts[good] = counts.get(good, 0) + 1
        return ", ".join(
            f"{self.good_name(g.id, ctx)} +{counts[g.id]}" for g in tables.goods if g.id in counts
        )

    def _ladders(self, v: MediciView, ctx: Context) -> str:
        tables = self.tables(ctx)
        header = [ctx.t("medici.good")]
        for space in range(tables.ladder_top + 1):
            bonus = tables.bonus(space)
            header.append(f"{space} (+{bonus})" if bonus else str(space))
        rows = []
        pictures = self.goods(ctx)
        for g, good in enumerate(tables.goods):
            cells = [p.good_svg(pictures[good.id])]
            for space in range(tables.ladder_top + 1):
                marks = "".join(
                    tag(
                        "span",
                        esc(ctx.name(s)),
                        cls="tk-mark",
                        style=f"background:{seat_colour(s)}",
                        data_seat=s,
                    )
                    for s in range(v.players)
                    if v.ladders[s][g] == space
                )
                cells.append(("!" if tables.bonus(space) else "") + marks)
            rows.append(cells)
        body = p.grid(header, rows, data_ladders="1") + p.label(ctx.t("medici.ladder_note"))
        return p.section(ctx.t("medici.ladders"), body, data_section="ladders")

    def _wealth(self, v: MediciView, ctx: Context) -> str:
        top = max(max(v.wealth), 1)
        rows = ""
        for seat in range(v.players):
            width = round(10 * v.wealth[seat] / top, 2)
            bar = tag(
                "span", "", cls="tk-bar", style=f"width:{width}em;background:{seat_colour(seat)}"
            )
            rows += tag(
                "tr",
                tag("td", esc(ctx.name(seat)))
                + tag("td", bar)
                + tag("td", p.coins(v.wealth[seat], unit=ctx.t("medici.florins"), letter="F")),
            )
        body = tag("table", tag("tbody", rows), cls="tk-track")
        return p.section(ctx.t("medici.wealth_track"), body, data_section="wealth")

    def _discards(self, v: MediciView, ctx: Context) -> str:
        if not v.discarded:
            return ""
        cards = "".join(self.card_html(c, ctx, small=True) for c in v.discarded)
        title = ctx.t("medici.discarded", n=len(v.discarded))
        return p.section(title, cards, data_section="discarded")

    def _pile(self, v: MediciView, ctx: Context) -> str:
        if v.pile is None or v.out_of_play is None:
            if not v.pile_size or v.phase == "over":
                return ""
            backs = p.card_backs(v.pile_size)
            return p.section(ctx.t("medici.pile", n=v.pile_size), backs, data_section="pile")
        out = ""
        if v.pile:
            cards = "".join(self.card_html(c, ctx, small=True) for c in v.pile)
            out += p.section(ctx.t("medici.pile_top"), cards, data_section="pile")
        if v.out_of_play:
            cards = "".join(self.card_html(c, ctx, small=True) for c in v.out_of_play)
            out += p.section(ctx.t("medici.set_aside"), cards, data_section="out-of-play")
        return out

    # -- actions ------------------------------------------------------------------------------
    def action_label(self, action: Action, view: Any, ctx: Context) -> str:
        """A button's text for a Medici action, in ``ctx.lang``."""
        if isinstance(action, Turn):
            return ctx.t("medici.a.turn")
        if isinstance(action, Auction):
            return ctx.t("medici.a.auction")
        if isinstance(action, Bid):
            return ctx.t("medici.a.bid", n=action.amount)
        if isinstance(action, Pass):
            return ctx.t("medici.a.pass")
        return str(action)

    def command_example(self, legal: Sequence[Action], view: Any, ctx: Context) -> str:
        """An example typed command: the lowest legal bid if bids are legal, else the first."""
        for action in legal:
            if isinstance(action, Bid):
                return str(action)
        return str(legal[0]) if legal else ""

    # -- narration ----------------------------------------------------------------------------
    def narrate_known(self, event: Event, ctx: Context) -> str | None:
        """The narration of ``event``, or ``None`` if this renderer does not know the event."""
        if (told := self.told(event, ctx)) is not None:
            return told
        name = ctx.name(event.player)
        data = dict(event.data)
        if event.kind == "action":
            a = event.action
            if isinstance(a, Turn):
                return ctx.t("medici.n.a_turn", name=name)
            if isinstance(a, Auction):
                return ctx.t("medici.n.a_auction", name=name)
            if isinstance(a, Bid):
                return ctx.t("medici.n.a_bid", name=name, n=a.amount)
            if isinstance(a, Pass):
                return ctx.t("medici.n.a_pass", name=name)
            return None
        if event.kind == "chance":
            kind = data.get("what")
            if kind == "shuffle":
                return ctx.t("medici.n.shuffled", round=event.round, n=len(data["pile"]))
            if kind == "turn_card":
                card = self.card_short(data["turned"], ctx)
                seat = ctx.name(data["seat"])
                return ctx.t("medici.n.turned", name=seat, card=card, left=data["pile_size"])
            if kind == "free_card":
                card = self.card_short(data["free"], ctx)
                return ctx.t("medici.n.free", name=ctx.name(data["seat"]), card=card)
            return None
        if event.kind == "info":
            return self._narrate_info(event, data, ctx)
        return None

    def _narrate_info(self, event: Event, data: dict[str, Any], ctx: Context) -> str | None:
        kind = data.get("what")
        if kind == "start":
            g = _game(ctx)
            return ctx.t(
                "medici.n.start",
                n=data["players"],
                table=self.table_name(data["reward_table"], ctx),
                rewards=" · ".join(map(str, data["ship_rewards"])),
                cards=data["cards"],
                wealth=g.count_row.wealth,
            )
        if kind == "setup":
            wealth = ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(data["wealth"]))
            return ctx.t("medici.n.scripted", wealth=wealth)
        if kind == "round_start":
            return ctx.t(
                "medici.n.round",
                round=event.round,
                n=data["pile_size"],
                out=data["out_of_play"],
                name=ctx.name(data["seat"]),
            )
        if kind == "turn":
            return ctx.t("medici.n.turn_of", name=ctx.name(data["seat"]))
        if kind == "auction":
            lot = self.cards_short(data["lot"], ctx)
            who = ctx.who(data["order"])
            if data["no_room"]:
                out = ctx.who(data["no_room"])
                return ctx.t("medici.n.auction_no_room", lot=lot, who=who, out=out)
            return ctx.t("medici.n.auction", lot=lot, who=who)
        if kind == "forced_pass":
            name = ctx.name(data["seat"])
            if data["reason"] == "cannot_open":
                return ctx.t("medici.n.cannot_open", name=name)
            return ctx.t(
                "medici.n.cannot_beat", name=name, high=data["high_bid"], n=data["florins"]
            )
        if kind == "sale":
            lot = self.cards_short(data["lot"], ctx)
            return ctx.t("medici.n.buys", name=ctx.name(data["seat"]), lot=lot, price=data["price"])
        if kind == "discard":
            return ctx.t("medici.n.discarded", lot=self.cards_short(data["lot"], ctx))
        if kind == "free_fill":
            return ctx.t("medici.n.free_fill", name=ctx.name(data["seat"]))
        if kind == "round_end":
            key = "medici.n.end_full" if data["reason"] == "full" else "medici.n.end_pile"
            return ctx.t(key, round=event.round)
        if kind == "ships":
            items = ", ".join(
                f"{ctx.name(s)} {total} → {paid}"
                for s, (total, paid) in enumerate(zip(data["totals"], data["paid"], strict=True))
            )
            return ctx.t("medici.n.ships", list=items)
        if kind == "ladder_move":
            facts = {
                "name": ctx.name(data["seat"]),
                "good": self.good_name(data["good"], ctx),
                "a": data["from"],
                "b": data["to"],
            }
            if data["lost"]:
                return ctx.t("medici.n.moves_top", lost=data["lost"], **facts)
            return ctx.t("medici.n.moves", **facts)
        if kind == "payment":
            return self._narrate_payment(data, ctx)
        if kind == "poorest":
            poorest = ctx.name(data["poorest"])
            others = [s for s in data["tied"] if s != data["poorest"]]
            if others:
                return ctx.t(
                    "medici.n.poorest_tied",
                    name=poorest,
                    n=data["florins"],
                    who=ctx.who(others),
                    first=ctx.name(data["first_player"]),
                )
            return ctx.t("medici.n.poorest", name=poorest, n=data["florins"])
        if kind == "game_end":
            scores = ", ".join(f"{ctx.name(s)} {n}" for s, n in enumerate(data["scores"]))
            return ctx.t("medici.n.final", scores=scores, who=ctx.winners(data["winners"]))
        return None

    def _narrate_payment(self, data: dict[str, Any], ctx: Context) -> str | None:
        facts: dict[str, Any] = {"name": ctx.name(data["seat"]), "n": data["paid"]}
        source = data["source"]
        if source == "bonus":
            good = self.good_name(data["good"], ctx)
            return ctx.t("medici.n.bonus", space=data["space"], good=good, **facts)
        places = data["places"]
        if data["divisor"] > 1:
            facts.update(
                a=places[0],
                b=places[-1],
                terms="+".join(map(str, data["shares"])),
                k=data["divisor"],
            )
        if source == "ship":
            if data["divisor"] > 1:
                return ctx.t("medici.n.ship_tied", **facts)
            return ctx.t("medici.n.ship_rank", place=places[0], **facts)
        if source == "ladder":
            good = self.good_name(data["good"], ctx)
            if data["divisor"] > 1:
                return ctx.t("medici.n.ladder_tied", good=good, **facts)
            place = places[0]
            word = ctx.t(f"medici.place.{place}") if place <= _PLACE_WORDS else str(place)
            return ctx.t("medici.n.ladder_place", place=word, good=good, **facts)
        return None
