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
from tradekit.i18n import add_messages, has_message
from tradekit.render import Context, Renderer, register_renderer, seat_entry, status_pill
from tradekit.render import parts as p
from tradekit.render.parts import esc, pill, tag

if TYPE_CHECKING:
    from tradekit.games.turin.game import TurinGame
    from tradekit.games.turin.tables import TurinTables

add_messages(
    {
        "game.turin": {"en": "Turin Market", "fr": "Marché de Turin"},
        "turin.scoring.classic": {"en": "classic", "fr": "classique"},
        "turin.scoring.red": {"en": "red", "fr": "rouge"},
        "turin.phase.setup": {"en": "Set-up", "fr": "Mise en place"},
        "turin.phase.offer": {"en": "Offers (sealed)", "fr": "Offres (sous pli)"},
        "turin.phase.bid": {"en": "Bids (sealed)", "fr": "Enchères (sous pli)"},
        "turin.phase.tiebreak": {"en": "Tie-break (sealed)", "fr": "Départage (sous pli)"},
        "turin.phase.goose": {
            "en": "Goose declarations (open)",
            "fr": "Déclarations de l'oie (à découvert)",
        },
        "turin.phase.claim": {"en": "A card is claimed", "fr": "Une carte est réclamée"},
        "turin.phase.pick": {"en": "Picks", "fr": "Choix des cartes"},
        "turin.phase.market": {"en": "Market window", "fr": "Marché"},
        "turin.phase.scoring": {"en": "Final payouts", "fr": "Décompte final"},
        "turin.phase.over": {"en": "Game over", "fr": "Partie terminée"},
        # -- table -----------------------------------------------------------------------------
        "turin.payout_card": {"en": "{scoring} payout card", "fr": "carte de gains {scoring}"},
        "turin.loans_left": {"en": "loans left: {n}", "fr": "emprunts restants : {n}"},
        "turin.secret_money": {"en": "secret Scudo", "fr": "Scudo secrets"},
        "turin.lot": {"en": "Lot", "fr": "Lot"},
        "turin.lot_empty": {"en": "no cards in the lot", "fr": "aucune carte dans le lot"},
        "turin.prizes": {"en": "Prizes by place: {prizes}", "fr": "Lots par place : {prizes}"},
        "turin.round_result": {"en": "This round", "fr": "Cette manche"},
        "turin.place": {
            "en": "place {place}: {name} bid {bid}, pays {pays}",
            "fr": "place {place} : {name} a misé {bid}, paie {pays}",
        },
        "turin.wins_cards": {"en": "wins {n}", "fr": "gagne {n}"},
        "turin.voided": {"en": "tied: wins nothing", "fr": "égalité : rien"},
        "turin.picking": {"en": "to pick: {who}", "fr": "à choisir : {who}"},
        "turin.hand": {"en": "Hand ({n})", "fr": "Main ({n})"},
        "turin.face_up": {"en": "Won cards ({n})", "fr": "Cartes gagnées ({n})"},
        "turin.none": {"en": "none", "fr": "aucune"},
        "turin.locked": {"en": "{n} locked", "fr": "{n} bloqués"},
        "turin.loan": {"en": "loan", "fr": "emprunt"},
        "turin.loan_debt": {"en": "loan +{n} debt", "fr": "emprunt +{n} de dette"},
        "turin.goose": {"en": "goose", "fr": "oie"},
        "turin.underdog": {"en": "goose: bids +1", "fr": "oie : mises +1"},
        "turin.offers": {"en": "offers {card}", "fr": "offre {card}"},
        "turin.bids": {"en": "bids {n}", "fr": "mise {n}"},
        "turin.adds": {"en": "adds {n}", "fr": "ajoute {n}"},
        "turin.bid_was": {"en": "bid {n}", "fr": "mise {n}"},
        "turin.tied": {"en": "tie-break", "fr": "départage"},
        "turin.for_sale": {"en": "For sale", "fr": "À vendre"},
        "turin.no_listing": {"en": "nothing for sale", "fr": "rien à vendre"},
        "turin.listing": {
            "en": "{seller} sells for {price}",
            "fr": "{seller} vend pour {price}",
        },
        "turin.price_tag": {"en": "for sale: {price}", "fr": "à vendre : {price}"},
        "turin.claimed_by": {
            "en": "claimed by {who}; still to answer: {waiting}",
            "fr": "réclamée par {who} ; doivent encore répondre : {waiting}",
        },
        "turin.nobody": {"en": "nobody", "fr": "personne"},
        "turin.majorities": {"en": "Majorities", "fr": "Majorités"},
        "turin.good": {"en": "good", "fr": "marchandise"},
        "turin.payout": {"en": "payout", "fr": "gain"},
        "turin.units": {"en": "units", "fr": "unités"},
        "turin.discarded": {"en": "Discarded: {n}", "fr": "Défaussées : {n}"},
        "turin.final": {"en": "Final Scudo", "fr": "Scudo finaux"},
        # -- action labels ---------------------------------------------------------------------
        "turin.a.offer": {"en": "Offer {card}", "fr": "Offrir {card}"},
        "turin.a.bid": {"en": "Bid {n}", "fr": "Miser {n}"},
        "turin.a.add": {"en": "Add {n}", "fr": "Ajouter {n}"},
        "turin.a.take_goose": {
            "en": "Take the goose (lose the tie)",
            "fr": "Prendre l'oie (perdre l'égalité)",
        },
        "turin.a.decline_goose": {"en": "No goose declaration", "fr": "Ne rien déclarer"},
        "turin.a.pass_claim": {"en": "Do not claim it", "fr": "Ne pas la réclamer"},
        "turin.a.sell_to": {"en": "Sell to {name}", "fr": "Vendre à {name}"},
        "turin.a.give_goose": {
            "en": "Give the goose to {name} (win the tie)",
            "fr": "Donner l'oie à {name} (gagner l'égalité)",
        },
        "turin.a.pick": {"en": "Take {card}", "fr": "Prendre {card}"},
        "turin.a.list": {"en": "Sell {card} for {price}", "fr": "Vendre {card} pour {price}"},
        "turin.a.buy": {"en": "Buy {card} for {price}", "fr": "Acheter {card} pour {price}"},
        "turin.a.withdraw": {"en": "Withdraw {card}", "fr": "Retirer {card}"},
        "turin.a.end_turn": {"en": "End my market turn", "fr": "Finir mon tour de marché"},
        "turin.a.loan": {
            "en": f"Take a loan (+{LOAN_AMOUNT} now, repay {LOAN_REPAYMENT})",
            "fr": f"Emprunter (+{LOAN_AMOUNT} maintenant, rembourser {LOAN_REPAYMENT})",
        },
        # -- narration -------------------------------------------------------------------------
        "turin.n.start": {
            "en": "Turin Market, {n} players, {scoring} payout card, {rounds} auction rounds.",
            "fr": "Marché de Turin, {n} joueurs, carte de gains {scoring}, {rounds} manches.",
        },
        "turin.n.dealt": {"en": "{name} receives {cards}.", "fr": "{name} reçoit {cards}."},
        "turin.n.centre": {"en": "Centre cards: {cards}.", "fr": "Cartes du centre : {cards}."},
        "turin.n.unseen": {
            "en": "{n} cards are set aside unseen.",
            "fr": "{n} cartes sont écartées sans être vues.",
        },
        "turin.n.scripted": {"en": "Scripted set-up.", "fr": "Mise en place imposée."},
        "turin.n.scripted_money": {
            "en": "Scudo at the start: {money}.",
            "fr": "Scudo au départ : {money}.",
        },
        "turin.n.starts_with": {
            "en": "{name} starts with {n} Scudo.",
            "fr": "{name} commence avec {n} Scudo.",
        },
        "turin.n.offer": {"en": "{name} offers {card}.", "fr": "{name} offre {card}."},
        "turin.n.bid": {"en": "{name} bids {n}.", "fr": "{name} mise {n}."},
        "turin.n.add": {
            "en": "{name} adds {n} to the bid.",
            "fr": "{name} ajoute {n} à sa mise.",
        },
        "turin.n.take_goose": {
            "en": "{name} declares: they take the goose.",
            "fr": "{name} déclare : il prend l'oie.",
        },
        "turin.n.give_goose": {
            "en": "{name} declares: they hand the goose to {to}.",
            "fr": "{name} déclare : il donne l'oie à {to}.",
        },
        "turin.n.decline_goose": {
            "en": "{name} makes no goose declaration.",
            "fr": "{name} ne déclare rien pour l'oie.",
        },
        "turin.n.pass_claim": {
            "en": "{name} does not claim the card.",
            "fr": "{name} ne réclame pas la carte.",
        },
        "turin.n.sell_to": {
            "en": "{name} chooses to sell to {to}.",
            "fr": "{name} choisit de vendre à {to}.",
        },
        "turin.n.claim": {
            "en": "{card} is claimed ({price} Scudo, sold by {seller}): {who} may claim it too.",
            "fr": "{card} est réclamée ({price} Scudo, vendue par {seller}) : {who} peuvent "
            "la réclamer aussi.",
        },
        "turin.n.sold": {
            "en": "{seller} sells {card} to {name} for {price} Scudo.",
            "fr": "{seller} vend {card} à {name} pour {price} Scudo.",
        },
        "turin.n.contested": {
            "en": "Still contested after the goose declarations: {blocks}.",
            "fr": "Encore disputé après les déclarations de l'oie : {blocks}.",
        },
        "turin.n.chosen": {"en": "{name} has chosen.", "fr": "{name} a choisi."},
        "turin.n.pick": {"en": "{name} picks {card}.", "fr": "{name} choisit {card}."},
        "turin.n.list": {
            "en": "{name} puts {card} up for sale at {price} Scudo (locked until sold).",
            "fr": "{name} met {card} en vente à {price} Scudo (bloqués jusqu'à la vente).",
        },
        "turin.n.buy": {
            "en": "{name} claims {card} to buy it.",
            "fr": "{name} réclame {card} pour l'acheter.",
        },
        "turin.n.withdraw": {
            "en": "{name} takes {card} off sale.",
            "fr": "{name} retire {card} de la vente.",
        },
        "turin.n.end_turn": {
            "en": "{name} ends their market turn.",
            "fr": "{name} termine son tour de marché.",
        },
        "turin.n.loan": {
            "en": f"{{name}} takes a loan: +{LOAN_AMOUNT} now, {LOAN_REPAYMENT} to repay.",
            "fr": f"{{name}} emprunte : +{LOAN_AMOUNT} maintenant, {LOAN_REPAYMENT} à rembourser.",
        },
        "turin.n.forced_loan": {
            "en": f"{{name}} has no Scudo left to pay and must take a loan (+{LOAN_AMOUNT}).",
            "fr": f"{{name}} n'a plus de Scudo pour payer et doit emprunter (+{LOAN_AMOUNT}).",
        },
        "turin.n.offers": {"en": "Offers revealed: {list}.", "fr": "Offres dévoilées : {list}."},
        "turin.n.bids": {"en": "Bids revealed: {list}.", "fr": "Mises dévoilées : {list}."},
        "turin.n.tiebreak": {
            "en": "Tie-break revealed: {list}.",
            "fr": "Départage dévoilé : {list}.",
        },
        "turin.n.kept": {
            "en": "{name}'s kept card(s) join their won cards: {cards}.",
            "fr": "La ou les cartes gardées de {name} rejoignent ses cartes gagnées : {cards}.",
        },
        "turin.n.centre_lot": {
            "en": "Round 1: the centre cards are the lot: {cards}.",
            "fr": "Manche 1 : les cartes du centre forment le lot : {cards}.",
        },
        "turin.n.underdog": {
            "en": "{name} has the fewest majorities and holds the goose: their bids count +1.",
            "fr": "{name} a le moins de majorités et tient l'oie : ses mises comptent +1.",
        },
        "turin.n.tie_round": {
            "en": "Tie-break round for {blocks}.",
            "fr": "Départage entre {blocks}.",
        },
        "turin.n.flip": {
            "en": "A coin flip orders the tied players: {who}.",
            "fr": "Un tirage au sort départage : {who}.",
        },
        "turin.n.goose_flip": {
            "en": "A coin flip gives the goose to {name}.",
            "fr": "Un tirage au sort donne l'oie à {name}.",
        },
        "turin.n.gives_goose": {
            "en": "{name} hands the goose to {to} and wins the tie.",
            "fr": "{name} donne l'oie à {to} et gagne l'égalité.",
        },
        "turin.n.takes_goose": {
            "en": "{name} takes the goose and loses the tie: place {place}.",
            "fr": "{name} prend l'oie et perd l'égalité : place {place}.",
        },
        "turin.n.won": {
            "en": "{name} wins place {place} ({prize} card(s)) with a bid of {bid}, pays {pays}.",
            "fr": "{name} gagne la place {place} ({prize} carte(s)) avec {bid} et paie {pays}.",
        },
        "turin.n.voided": {
            "en": "{name} is tied at place {place} and wins nothing: pays half of {bid}, {pays}.",
            "fr": "{name}, à égalité à la place {place}, ne gagne rien : paie la moitié de "
            "{bid}, {pays}.",
        },
        "turin.n.lost": {
            "en": "{name} loses with a bid of {bid}: pays half, rounded down: {pays}.",
            "fr": "{name} perd avec {bid} : paie la moitié, arrondie en dessous : {pays}.",
        },
        "turin.n.takes": {"en": "{name} takes {card}.", "fr": "{name} prend {card}."},
        "turin.n.discard": {"en": "Discarded: {cards}.", "fr": "Défaussées : {cards}."},
        "turin.n.market_opens": {"en": "The market opens.", "fr": "Le marché ouvre."},
        "turin.n.market_closes": {"en": "The market closes.", "fr": "Le marché ferme."},
        "turin.n.idle": {
            "en": "{name} has nothing to do in the market.",
            "fr": "{name} n'a rien à faire au marché.",
        },
        "turin.n.taken_down": {
            "en": "{name}'s listing of {card} is taken down before scoring.",
            "fr": "La vente de {card} par {name} est retirée avant le décompte.",
        },
        "turin.n.debt": {
            "en": "{name} cannot pay: the bank pays 1 and {name} adds {n} to their loan.",
            "fr": "{name} ne peut pas payer : la banque paie 1 et {name} ajoute {n} à sa dette.",
        },
        "turin.n.majority": {
            "en": "{name} has the {good} majority: bank payout plus 1 from each other holder.",
            "fr": "{name} a la majorité en {good} : gain de la banque plus 1 de chaque autre "
            "détenteur.",
        },
        "turin.n.tied_majority": {
            "en": "{good} majority tied between {who}: {each} each.",
            "fr": "Majorité en {good} partagée entre {who} : {each} chacun.",
        },
        "turin.n.nobody_holds": {"en": "Nobody holds {good}.", "fr": "Personne n'a de {good}."},
        "turin.n.final": {
            "en": "Final Scudo: {scores}. Winner(s): {who}.",
            "fr": "Scudo finaux : {scores}. Gagnant(s) : {who}.",
        },
    }
)


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

    # -- one card -----------------------------------------------------------------------------
    def card_html(
        self,
        card_id: int,
        ctx: Context,
        *,
        small: bool = False,
        price: int | None = None,
    ) -> str:
        """A card drawn with its goods as coloured dots; a listed card carries its price tag."""
        tables = self.tables(ctx)
        card = tables.card_by_id[card_id]
        rows = [(p.colour(tables.good_index[g]), self.good_name(g, ctx), n) for g, n in card.units]
        footer = ""
        if price is not None:
            footer = tag("div", esc(ctx.t("turin.price_tag", price=price)), cls="tk-price")
        return p.card(
            f"#{card_id}",
            rows,
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
        body = tag("div", self._lot(v, ctx) + self._round_result(v, ctx), cls="tk-row")
        body += tag("div", "".join(self._seat(v, s, ctx) for s in range(v.players)), cls="tk-seats")
        body += self._listings(v, ctx)
        body += self._majorities(v, ctx)
        return p.page(
            head,
            body,
            game="turin",
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
                        waiting=ctx.who(waiting) if waiting else ctx.t("turin.nobody"),
                    )
                body += tag(
                    "div",
                    self.card_html(x.card, ctx, price=x.price) + p.label(caption),
                    style="display:inline-block;vertical-align:top",
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
        for g, good in enumerate(tables.goods):
            units = [v.units[s][g] for s in range(v.players)]
            top = max(units)
            cells = [
                p.swatch(p.colour(g)) + esc(self.good_name(good.id, ctx)),
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
            return ctx.t("turin.a.loan")
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
            return ctx.t("turin.n.loan", name=name)
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
            return ctx.t(_SIMPLE_INFO[what], name=name)
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
            return ctx.t("turin.n.contested", blocks=blocks or ctx.t("turin.nobody"))
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
        return ctx.t("turin.n.final", scores=scores, who=ctx.who(winners))

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
