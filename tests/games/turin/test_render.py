"""Turin Market's renderer: each view shows exactly what its viewer may know, in both languages."""

from __future__ import annotations

import pytest

import tradekit
from tests.conftest import Corpus
from tests.helpers import cards_shown, random_game
from tradekit.core.state import State
from tradekit.games.turin import Bid, Buy, EndTurn, List, Offer, SellTo, TakeGoose, TurinState
from tradekit.games.turin.render import TurinRenderer
from tradekit.i18n import LANGS
from tradekit.render import Context, render, render_log, renderer_for

RENDERER = TurinRenderer()


def rulebook_round() -> TurinState:
    state = tradekit.load_game("turin", players=3).new_state(
        setup={"hands": [[3, 11], [6, 12], [9, 14]]}
    )
    for seat, card in ((0, 3), (1, 6), (2, 9)):
        state.apply(seat, Offer(card))
    return state


def test_registered_renderer_is_turins() -> None:
    assert isinstance(renderer_for("turin"), TurinRenderer)


def test_seat_view_shows_own_hand_only() -> None:
    state = tradekit.load_game("turin", players=3).new_state(
        setup={"hands": [[3, 11], [6, 12], [9, 14]]}
    )
    assert cards_shown(render(state, 0)) == {3, 11}
    assert cards_shown(render(state, 2)) == {9, 14}
    assert cards_shown(render(state, None)) == set()
    assert cards_shown(render(state, "all")) == {3, 11, 6, 12, 9, 14}
    assert render(state, None).count('class="tk-back"') == 6


def test_sealed_bids_hidden_until_revealed() -> None:
    state = rulebook_round()
    state.apply(2, Bid(4))
    seat0 = render(state, 0)
    seat2 = render(state, 2)
    teacher = render(state, "all")
    assert "bids 4" not in seat0 and "has chosen" in seat0
    assert "bids 4" in seat2 and "bids 4" in teacher
    state.apply(0, Bid(2))
    state.apply(1, Bid(2))
    assert "bid 4" in render(state, 0)  # revealed: everyone sees it


def test_lot_and_tiebreak_and_round_result() -> None:
    state = rulebook_round()
    html = render(state, None)
    assert cards_shown(html) == {3, 6, 9}  # the lot is public once revealed
    assert "Prizes by place: 2 · 1 · 0" in html
    for seat, amount in ((0, 2), (1, 2), (2, 4)):
        state.apply(seat, Bid(amount))
    assert html.count("tie-break") == 0
    assert render(state, None).count("tie-break") == 2  # P0 and P1 are tied


def test_secret_money_shows_question_marks() -> None:
    state = tradekit.load_game("turin", players=3, public_money=False).new_state(seed=2)
    seat1 = render(state, 1)
    assert seat1.count('title="15 Scudo"') == 1
    assert seat1.count('title="? Scudo"') == 2
    assert render(state, "all").count('title="15 Scudo"') == 3
    assert "secret Scudo" in seat1


def test_listing_and_locked_scudo_and_loan() -> None:
    state = rulebook_round()
    for seat, amount in ((0, 2), (1, 2), (2, 4)):
        state.apply(seat, Bid(amount))
    from tradekit.games.turin import AddBid, Pick, TakeLoan

    state.apply(1, AddBid(1))
    state.apply(0, AddBid(0))
    state.apply(2, Pick(3))
    state.apply(2, Pick(9))
    assert state.phase == "market"
    seat = state.to_move[0]
    state.apply(seat, TakeLoan())
    card = state.face_up[seat][0]
    state.apply(seat, List(card, 5))
    html = render(state, None)
    assert "5 locked" in html
    assert "for sale: 5" in html
    assert "loan" in html
    assert 'data-section="listings"' in html
    state.apply(seat, EndTurn())


@pytest.mark.parametrize("lang", LANGS)
def test_french_and_english_goods_names(lang: str) -> None:
    state = tradekit.load_game("turin", players=3).new_state(seed=1)
    html = render(state, "all", lang=lang)
    tables = state.game.tables  # type: ignore[attr-defined]
    for good in tables.goods:
        assert (good.name_fr if lang == "fr" else good.name_en) in html
    assert ("Marché de Turin" in html) == (lang == "fr")


def test_game_over_shows_scores_and_winners(corpus: Corpus) -> None:
    state = corpus.game("turin", 5, players=3)
    html = render(state, None)
    assert 'data-phase="over"' in html
    assert "Winner" in html
    for score in state.scores():
        assert f"Final Scudo: {score}" in html


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("goose", [None, "tiebreak", "underdog"])
@pytest.mark.parametrize("public_money", [True, False])
def test_views_never_show_others_hands(players: int, goose: str | None, public_money: bool) -> None:
    for seed in range(4):
        for steps in (0, 7, 25, 60):
            state = random_game(
                "turin", seed, steps, players=players, goose=goose, public_money=public_money
            )
            public_cards = {c for f in state.face_up for c in f} | set(state.lot)
            public_cards |= {c for c in state.listings}
            for seat in range(players):
                shown = cards_shown(render(state, seat))
                assert shown <= public_cards | set(state.hands[seat]), (seed, steps, seat)
            assert cards_shown(render(state, None)) <= public_cards
            if not state.is_over:
                everything = public_cards | {c for h in state.hands for c in h}
                assert cards_shown(render(state, "all")) == everything


def test_scripted_setup_events_are_narrated() -> None:
    game = tradekit.load_game("turin", players=3, public_money=False)
    state = game.new_state(setup={"hands": [[3], [6], [9]], "scudo": [5, 6, 7]})
    for lang in LANGS:
        ctx = Context(game, lang)
        assert all(RENDERER.narrate_known(e, ctx) is not None for e in state.log)
    ctx = Context(game, "fr")
    lines = [RENDERER.narrate(e, ctx) for e in state.log]
    assert "J1 commence avec 5 Scudo." in lines


def test_narration_of_the_rulebook_round_in_french() -> None:
    state = rulebook_round()
    for seat, amount in ((0, 2), (1, 2), (2, 4)):
        state.apply(seat, Bid(amount))
    ctx = Context(state.game, "fr")
    lines = [RENDERER.narrate(e, ctx) for e in state.visible_log(None)]
    assert "Mises dévoilées : J1 2, J2 2, J3 4." in lines
    assert "Départage entre J1 & J2." in lines
    assert any(line.startswith("Offres dévoilées : J1 #3 Café") for line in lines)


def test_log_html_groups_rounds_and_escapes() -> None:
    state = rulebook_round()
    ctx = Context(state.game, "en", ("<Ada>", "Bob", "Cy"))
    html = render_log(list(enumerate(state.visible_log(None))), ctx, {0: ["note <b>"]})
    assert "&lt;Ada&gt; has chosen." in html and "<Ada>" not in html
    assert "Round 1" in html and "Set-up" in html
    assert "note &lt;b&gt;" in html


def test_action_labels_in_both_languages() -> None:
    state = tradekit.load_game("turin", players=3).new_state(seed=1)
    view = state.view(0)
    en, fr = Context(state.game, "en"), Context(state.game, "fr")
    assert RENDERER.action_label(Bid(4), view, en) == "Bid 4"
    assert RENDERER.action_label(Bid(4), view, fr) == "Miser 4"
    for action in state.legal_actions(0):
        assert RENDERER.action_label(action, view, en) != RENDERER.action_label(action, view, fr)


def listed_card_one(**options: object) -> State:
    """3 players, 2 rounds: after round 1 (all bids 0) P1 lists card 1 for 4; round 2 opens."""
    game = tradekit.load_game("turin", players=3, **options)
    state = game.new_state(
        seed=0, setup={"face_up": [[1], [2], [3]], "hands": [[4, 5, 6], [7, 8, 9], [10, 11, 12]]}
    )
    for seat, card in ((0, 4), (1, 7), (2, 10)):
        state.apply(seat, Offer(card))
    for seat in range(3):
        state.apply(seat, Bid(0))
    state.apply(0, List(1, 4))
    while state.phase == "market":
        state.apply(state.to_move[0], EndTurn())
    return state


def claim_and_goose_game() -> State:
    """A claim with two claimants and the seller's choice, then a tie settled by the goose."""
    state = listed_card_one(goose="tiebreak")
    state.apply(1, Buy(1))
    state.apply(2, Buy(1))
    state.apply(0, SellTo(2))
    for seat, card in ((0, 5), (1, 8), (2, 11)):
        state.apply(seat, Offer(card))
    for seat, amount in ((0, 3), (1, 1), (2, 3)):
        state.apply(seat, Bid(amount))
    state.apply(0, TakeGoose())
    return state


def test_claims_sales_and_goose_declarations_are_narrated_in_both_languages() -> None:
    state = claim_and_goose_game()
    en, fr = Context(state.game, "en"), Context(state.game, "fr")
    lines = [RENDERER.narrate(e, en) for e in state.visible_log(None)]
    card = "#1 Truffles/Vermouth/Cheese"
    assert f"P2 claims {card} to buy it." in lines
    assert f"{card} is claimed (4 Scudo, sold by P1): P3 may claim it too." in lines
    assert "P1 chooses to sell to P3." in lines
    assert f"P1 sells {card} to P3 for 4 Scudo." in lines
    assert "P1 declares: they take the goose." in lines
    assert "P1 takes the goose and loses the tie: place 2." in lines
    assert "Still contested after the goose declarations: nobody." in lines
    french = [RENDERER.narrate(e, fr) for e in state.visible_log(None)]
    assert "J1 vend #1 Truffes/Vermouth/Fromage à J3 pour 4 Scudo." in french
    for event in state.log:
        assert RENDERER.narrate_known(event, en) is not None, event.text
        assert RENDERER.narrate_known(event, fr) is not None, event.text


def test_a_claim_in_progress_is_shown_on_the_listing() -> None:
    state = listed_card_one()
    game = state.game
    state.apply(1, Buy(1))
    html = render(state, None)
    assert 'data-phase="claim"' in html
    assert "claimed by P2; still to answer: P3" in html
    labels = [
        RENDERER.action_label(a, state.view(2), Context(game, "fr")) for a in state.legal_actions(2)
    ]
    assert labels[:2] == ["Acheter #1 Truffes/Vermouth/Fromage pour 4", "Ne pas la réclamer"]
