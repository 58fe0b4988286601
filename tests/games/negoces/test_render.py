"""Négoces' renderer: each view shows exactly what its viewer may know, in both languages.

Card ids: bijoux 0-3, cafe 4-7, cigares 8-11, ivoire 12-15, jade 16-19, livres 20-23,
diamant 48; Treasurers 59-64, Thief 65, Guard 66, Misers 67-72.
"""

from __future__ import annotations

from typing import Any

import pytest

import tradekit
from tests.helpers import cards_shown, negoces_options, random_game
from tradekit.games.negoces import (
    Accept,
    AskToShow,
    Bid,
    Continue,
    NegocesState,
    NoSwap,
    Offer,
    PutUp,
    Stand,
    Swap,
    UseTreasurer,
    variant_sets,
)
from tradekit.games.negoces.render import NegocesRenderer
from tradekit.i18n import LANGS
from tradekit.render import Context, render, render_log, renderer_for

RENDERER = NegocesRenderer()
HANDS = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]


def scripted(variants: Any = (), players: int = 3, **setup: Any) -> NegocesState:
    setup.setdefault("hands", HANDS)
    game = tradekit.load_game("negoces", players=players, variants=variants)
    state = game.new_state(seed=1, setup=setup)
    assert isinstance(state, NegocesState)
    return state


def public_cards(state: NegocesState, viewer: Any) -> set[int]:
    """Every card ``viewer`` may see outside its own hand, worked out from the state."""
    cards = {c for front in state.inactive for c in front} | set(state.box)
    if state.market is not None:
        cards.add(state.market)
    if state.auction is not None:
        tables = state.tables
        item = state.auction_item
        cards.add(tables.cards_of["diamant"][0] if item == "diamant" else tables.special[item][0])
    standing = list(state.offers.items())
    if state.pending is not None:
        standing.append(state.pending)
    for buyer, offer in standing:
        if offer.card is not None and (viewer in ("all", buyer) or state._card_public(offer)):
            cards.add(offer.card)
    sale = state.last_sale
    if sale is not None:
        cards.add(sale["market"])
        party = viewer in ("all", sale["buyer"], sale["seller"])
        if sale["paid_card"] is not None and (party or sale["paid_public"]):
            cards.add(sale["paid_card"])
    return cards


# ----------------------------------------------------------------------------------------------
# views
# ----------------------------------------------------------------------------------------------


def test_registered_renderer_is_negoces() -> None:
    assert isinstance(renderer_for("negoces"), NegocesRenderer)


def test_seat_view_shows_own_hand_only() -> None:
    state = scripted()
    assert cards_shown(render(state, 0)) == set(HANDS[0])
    assert cards_shown(render(state, 2)) == set(HANDS[2])
    assert cards_shown(render(state, None)) == set()
    assert cards_shown(render(state, "all")) == {c for h in HANDS for c in h}
    public = render(state, None)
    assert public.count('class="tk-back"') == 19 and "×7" in public and "×6" in public
    mine = render(state, 0)
    assert "5 of 6 different goods" not in mine and "3 of 6 different goods" in mine
    assert "to win: 6 different goods and 10 coins" in mine
    assert 'data-phase="prepare"' in mine and 'data-viewer="0"' in mine


def test_market_card_and_seller_and_face_up_offers() -> None:
    state = scripted()
    state.apply(0, PutUp("bijoux"))
    html = render(state, None)
    assert cards_shown(html) == {0} and "seller: P1" in html
    assert "once shown, the card must be sold" in html and "offers round 1 of 3" in html
    state.apply(1, Offer("cigares", -2))
    seat1 = render(state, 1)
    seat2 = render(state, 2)
    assert "offers Cigars, the seller pays 2 coins" in seat1  # its own sealed offer
    assert "Cigars" not in seat2.split("Offers")[1].split("tk-seats")[0]
    assert "has chosen" in seat2 and "choosing…" in seat2
    state.apply(2, Offer(None, 3))
    html = render(state, None)  # revealed: everyone sees the card offered
    assert 8 in cards_shown(html) and "the seller pays 2 coins" in html
    assert 'title="3 coins"' in html
    assert "The seller decides" in html


def test_face_down_offers_hidden_until_shown() -> None:
    state = scripted(variants="face_down")
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer("cigares", 0))
    state.apply(2, Stand())
    assert 8 not in cards_shown(render(state, 0)) and 8 not in cards_shown(render(state, 2))
    assert 8 in cards_shown(render(state, 1)) and 8 in cards_shown(render(state, "all"))
    assert "face down" in render(state, 0)
    state.apply(0, AskToShow(1))
    assert 8 in cards_shown(render(state, 2)) and 8 in cards_shown(render(state, None))


def test_blind_coins_and_offered_cards_are_hidden() -> None:
    state = scripted(variants="blind")
    seat1 = render(state, 1)
    assert seat1.count('title="15 coins"') == 1 and seat1.count('title="? coins"') == 2
    assert render(state, "all").count('title="15 coins"') == 3
    assert "coins hidden" in seat1
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer("cigares", 2))
    state.apply(2, Stand())
    assert 8 not in cards_shown(render(state, 0))  # the seller too
    assert 'title="2 coins"' in render(state, 0)  # amounts offered are public
    state.apply(0, Accept(1))
    seller = render(state, 0)
    assert 8 in cards_shown(seller) and 8 not in cards_shown(render(state, 2))
    assert "a card unseen" in render(state, 2)


def test_auction_state_and_pills() -> None:
    hands = [h[:6] for h in HANDS]
    state = scripted(variants="thief_guard,treasury,misers,swindlers", hands=hands)
    state.apply(1, Bid(2))
    html = render(state, 0)
    assert "Auction: Diamond" in html and 48 in cards_shown(html)
    assert "high bid 2 by P2" in html and "to speak: P3" in html
    assert "raise by 1 or 2, or drop out for good" in html
    assert html.count(">Treasurer<") == 3 and html.count(">Miser<") == 3
    assert "treasury: 0 coins" in html
    fr = render(state, 0, "fr")
    assert "Enchère : Diamant" in fr and "Trésorier" in fr and "Radin" in fr


def test_variant_cards_loans_and_removed_cards() -> None:
    state = scripted(variants="bank,thief_guard,temple", thief=1, guard=2, loans=[0, 2, 0])
    html = render(state, None)
    assert ">Thief<" in html and ">Guard<" in html and "2 loans" in html
    assert "bank: 20 coins, 4 loan cards" in html and "sacred texts at the temple: 4" in html
    tables = state.tables
    assert tables.special["thief"][0] not in cards_shown(html)  # held, shown as a badge
    inactive = scripted(variants="smugglers", inactive=[[53], [54], [55]])
    assert cards_shown(render(inactive, None)) == {53, 54, 55}
    assert "Face up, inactive (1)" in render(inactive, 1)


def test_swindled_payment_is_seen_by_the_two_parties_only() -> None:
    hands = [[0, 1, 2, 3, 4, 5, 48], [6, 7, 8, 9, 10, 12], [16, 17, 18, 20, 21, 22]]
    state = scripted(variants="swindlers", hands=hands)
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer("cigares", 0))
    state.apply(2, Stand())
    state.apply(0, Accept(1))
    assert state.phase == "swindle"
    assert "Swindler?" in render(state, None)
    buyer_view, other_view = state.view(1), state.view(2)
    en = Context(state.game, "en")
    assert RENDERER.action_label(Swap("cafe"), buyer_view, en).endswith("pay with Coffee instead")
    # what-if labels and other seats' views get no good: the swap is unseen
    for view in (None, other_view):
        label = RENDERER.action_label(Swap("cafe"), view, en)
        assert label == "Play the Swindler: pay with another card, unseen"
    state.apply(1, Swap("cafe"))
    assert "Swindler played" in render(state, 2)
    assert 6 in cards_shown(render(state, 0)) and 6 not in cards_shown(render(state, 2))
    for lang in LANGS:
        ctx = Context(state.game, lang)
        lines = [RENDERER.narrate(e, ctx) for e in state.visible_log(2)]
        assert not any("Café" in x or "Coffee" in x for x in lines[-4:]), lines[-4:]


def test_game_over_shows_the_winner_and_every_hand() -> None:
    state = random_game("negoces", 5, players=3)
    html = render(state, None)
    assert 'data-phase="over"' in html
    if state.winner is not None:
        assert f"Winner: P{state.winner + 1}" in html and ">winner<" in html
    shown = cards_shown(html)
    assert {c for h in state.hands for c in h} <= shown


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_views_never_show_what_the_viewer_may_not_see(players: int) -> None:
    for i, variants in enumerate(variant_sets(players, 8, seed=5)):
        for steps in (0, 9, 40, 120):
            state = random_game("negoces", i, steps, **negoces_options(players, variants))
            for viewer in range(players):
                allowed = set(state.hands[viewer]) | public_cards(state, viewer)
                if state.is_over:
                    allowed |= {c for h in state.hands for c in h}
                shown = cards_shown(render(state, viewer))
                assert shown <= allowed, (variants, steps, viewer, shown - allowed)
            public = cards_shown(render(state, None))
            assert public <= public_cards(state, None) | (
                {c for h in state.hands for c in h} if state.is_over else set()
            )
            teacher = cards_shown(render(state, "all"))
            assert {c for h in state.hands for c in h} <= teacher


def test_scripted_set_up_events_are_narrated() -> None:
    state = scripted(variants="blind", coins=[5, 6, 7])
    plain = scripted(coins=[5, 6, 7])
    for s in (state, plain):
        for lang in LANGS:
            ctx = Context(s.game, lang)
            assert all(RENDERER.narrate_known(e, ctx) is not None for e in s.log)
    ctx = Context(state.game, "fr")
    lines = [RENDERER.narrate(e, ctx) for e in state.log]
    assert "J1 commence avec 5 pièces." in lines
    assert "Mise en place imposée." in lines
    lines = [RENDERER.narrate(e, Context(plain.game, "en")) for e in plain.log]
    assert "Coins at the start: P1 5, P2 6, P3 7." in lines


def test_narration_of_a_sale_in_french() -> None:
    state = scripted()
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer("cigares", -2))
    state.apply(2, Offer(None, 3))
    state.apply(0, Continue())
    state.apply(1, Offer("cigares", 1))
    state.apply(2, Stand())
    state.apply(0, Accept(1))
    ctx = Context(state.game, "fr")
    lines = [RENDERER.narrate(e, ctx) for e in state.visible_log(None)]
    assert "J1 met Bijoux sur le marché." in lines
    assert "Offres, tour 1 : J2 : Cigares, le vendeur paie 2 pièces ; J3 : 3 pièces." in lines
    assert "J1 attend un autre tour d'offres." in lines
    assert "J2 achète Bijoux à J1 contre Cigares et 1 pièce." in lines
    assert "Vente 2 : J1 est le vendeur (7 cartes)." in lines
    own = [RENDERER.narrate(e, ctx) for e in state.visible_log(1)]
    assert "J2 offre Cigares, le vendeur paie 2 pièces." in own
    assert "J2 offre Cigares, le vendeur paie 2 pièces." not in lines  # sealed


def test_log_html_escapes_names() -> None:
    state = scripted()
    state.apply(0, PutUp("bijoux"))
    ctx = Context(state.game, "en", ("<Ada>", "Bob", "Cy"))
    html = render_log(list(enumerate(state.visible_log(None))), ctx)
    assert "&lt;Ada&gt; puts Jewels on the market." in html and "<Ada>" not in html


def test_action_labels_in_both_languages() -> None:
    en_fr = []
    state = scripted(variants="treasury,misers,thief_guard,bank,temple", thief=2, coins=[15] * 3)
    en, fr = Context(state.game, "en"), Context(state.game, "fr")
    for _ in range(12):
        if state.is_over:
            break
        seat = state.to_move[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        for action in legal[:40] + legal[-12:]:  # type: ignore[operator]
            a, b = RENDERER.action_label(action, view, en), RENDERER.action_label(action, view, fr)
            assert a != b, action
            en_fr.append(a)
        state.apply(seat, legal[-1] if state.phase != "negotiate" else Stand())
    assert "Play the Treasurer: take the treasury (0)" in en_fr
    assert any(x.startswith("Offer Cigars and 2 coins") for x in en_fr)
    assert any(x == "Offer Cigars, the seller pays 2 coins" for x in en_fr)
    view = state.view(0)
    assert RENDERER.action_label(Bid(3), view, fr) == "Enchérir à 3"
    assert RENDERER.action_label(NoSwap(), None, en) == "Pay with the card offered"


def test_an_instant_win_says_what_brought_the_winner_there() -> None:
    hands = [[0, 4, 8, 12, 16, 20, 48], [25, 29, 33, 37, 41, 26], [1, 2, 5, 6, 9, 10]]
    state = scripted("treasury", hands=hands, coins=[8, 15, 15], treasury=3)
    state.apply(0, UseTreasurer())
    end = state.log[-1]
    assert end.data["by"] == "treasurer"
    assert RENDERER.narrate_known(end, Context(state.game, "en")) == (
        "P1 holds 7 different goods and 11 coins, reached at once through the Treasurer: P1 wins!"
    )
    assert RENDERER.narrate_known(end, Context(state.game, "fr")) == (
        "J1 a 7 marchandises différentes et 11 pièces, atteintes aussitôt par le Trésorier : "
        "J1 gagne !"
    )
