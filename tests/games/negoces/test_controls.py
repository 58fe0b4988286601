"""The Négoces table widget, driven headless through its controls only (values and clicks)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.helpers import CLICKS, play_through_controls

widgets = pytest.importorskip("ipywidgets", reason="needs the notebook extra")

import tradekit  # noqa: E402
from tradekit.games.negoces import Accept, Bid, Offer, Pass, PutUp, Temple  # noqa: E402
from tradekit.games.negoces.controls import NegocesControls  # noqa: E402
from tradekit.widgets import TableWidget, table  # noqa: E402
from tradekit.widgets.controls import controls_for  # noqa: E402

HANDS = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]


def scripted_table(**kwargs: Any) -> TableWidget:
    state = tradekit.load_game("negoces", players=3).new_state(seed=1, setup={"hands": HANDS})
    return TableWidget(state, **{"mode": "teacher", "seed": 0, **kwargs})


def test_the_game_plugs_in_its_controls() -> None:
    assert isinstance(controls_for("negoces"), NegocesControls)


@pytest.mark.parametrize(
    ("players", "humans", "options"),
    [
        (3, [0], {}),
        (4, [1], {"variants": "treasury,bank,misers,thief_guard,temple,swindlers"}),
        (5, [4], {"variants": "smugglers,face_down"}),
        (6, [2], {"variants": "blind,bank", "negotiation_rounds": 2}),
        pytest.param(
            3, [0, 2], {"variants": "new_monopolies"}, marks=pytest.mark.slow
        ),  # hot-seat: two humans, one bot
        pytest.param(3, [0, 1, 2], {}, marks=pytest.mark.slow),  # hot-seat, no bot
    ],
)
def test_complete_games_through_the_controls(
    players: int, humans: list[int], options: dict[str, Any]
) -> None:
    clicks: set[str] = set()
    for seed in range(2):
        w = table("negoces", players=players, mode="teacher", humans=humans, seed=seed, **options)
        keys = play_through_controls(w, random.Random(seed), **CLICKS["negoces"])
        clicked = {re.sub(r"-(\d+|[a-z_]+)$", "", key) for key in keys}
        clicks |= clicked
        state = w.state
        assert state.is_over and 'data-phase="over"' in w.table.value
        assert "Game over" in w.header.value
        assert w.controls.children == ()
        assert tradekit.replay(w.save()).scores() == state.scores()
        assert sum(1 for seat, _ in state.decisions if seat in humans) >= 1
        if len(humans) > 1:
            assert "reveal" in clicked  # the curtain came down between the humans' turns
    assert {"put", "accept"} & clicks  # the humans sold, or chose a buyer


def test_auction_buttons_are_the_legal_raises() -> None:
    w = table("negoces", players=3, mode="teacher", humans=[1], seed=3, bots="random-policy")
    assert w.state.phase == "auction" and w.acting_human() == 1
    assert {k for k in w.handles if k.startswith(("bid-", "pass"))} == {"bid-1", "bid-2", "pass"}
    assert w.handles["bid-2"].description == "Bid 2"
    w.handles["bid-2"].click()
    assert (1, Bid(2)) in w.state.decisions


def test_offer_slider_follows_the_card_and_stays_payable() -> None:
    # P0 sells; P1 (a human, 15 coins) offers; the seller holds 15 coins.
    w = scripted_table(mode="teacher", humans=[1], bots="random-policy", autoplay=False)
    w.play_button.click()  # the bot seller puts a card up
    assert w.state.phase == "negotiate" and w.acting_human() == 1
    card, coins = w.handles["offer-card"], w.handles["offer-coins"]
    assert card.value == "" and (coins.min, coins.max) == (0, 15)  # coins only: 0 or more
    assert [v for _, v in card.options] == ["", "cigares", "ivoire"]
    assert dict(card.options)["Cigars (×3)"] == "cigares"
    card.value = "cigares"
    assert (coins.min, coins.max) == (-15, 15)  # a card: the seller may be asked to pay
    coins.value = -99
    assert coins.value == -15
    coins.value = -2
    w.handles["offer"].click()
    assert (1, Offer("cigares", -2)) in w.state.decisions
    assert "tk-error" not in w.message.value


def test_clicking_a_card_of_the_hand_offers_it_with_the_slider_coins() -> None:
    w = scripted_table(mode="teacher", humans=[1], bots="random-policy", autoplay=False)
    w.play_button.click()  # the bot seller puts a card up
    assert {k for k in w.handles if k.startswith("offer-") and "tk-card-btn" in
            w.handles[k]._dom_classes} == {"offer-cigares", "offer-ivoire"}  # fmt: skip
    w.handles["offer-coins"].value = 3
    card = w.handles["offer-ivoire"]
    assert card.description == card.tooltip == "Offer Ivory and 3 coins"  # what the click does
    card.click()
    assert (1, Offer("ivoire", 3)) in w.state.decisions
    assert "tk-error" not in w.message.value


def test_clicking_a_card_takes_it_to_the_temple() -> None:
    game = tradekit.load_game("negoces", players=3, variants="temple")
    state = game.new_state(seed=1, setup={"hands": HANDS})  # P1 holds the Diamant: the seller
    w = TableWidget(state, mode="teacher", humans=[0], bots="random-policy", autoplay=False)
    goods = sorted(a.good for a in w.state.legal_actions(0) if isinstance(a, Temple))
    cards = sorted(k for k in w.handles if k.startswith("temple-") and k != "temple-good")
    assert cards == [f"temple-{g}" for g in goods] == ["temple-bijoux", "temple-cafe",
                                                      "temple-diamant"]  # fmt: skip
    assert all("tk-card-btn" in w.handles[k]._dom_classes for k in cards)
    w.handles[cards[0]].click()
    assert (0, Temple(goods[0])) in w.state.decisions


def test_seller_buttons_accept_or_continue() -> None:
    w = scripted_table(mode="teacher", humans=[0], bots="random-policy")
    assert {k for k in w.handles if k.startswith("put-")} == {
        "put-bijoux",
        "put-cafe",
        "put-diamant",
    }
    assert w.handles["put-cafe"].description == "Sell Coffee"
    w.handles["put-cafe"].click()
    assert (0, PutUp("cafe")) in w.state.decisions
    while w.state.phase == "decide" and "continue" in w.handles:
        accept = [k for k in w.handles if k.startswith("accept-")]
        labels = [w.handles[k].description for k in accept]
        assert all(x.startswith(("Accept P", "Give it to P")) for x in labels)
        w.handles["continue"].click()
    if w.state.phase == "decide":  # the last round: the seller must sell
        assert "continue" not in w.handles
        assert {k for k in w.handles if k.startswith("accept-")} == {"accept-1", "accept-2"}
        w.handles["accept-2"].click()
        assert (0, Accept(2)) in w.state.decisions


def test_gift_controls_share_out_the_thiefs_price() -> None:
    hands = [h[:6] for h in HANDS]
    game = tradekit.load_game("negoces", players=3, variants="thief_guard")
    state = game.new_state(seed=1, setup={"hands": hands})

    def thief_for_one(view: Any, legal: Any) -> Any:
        wanted = Bid(1) if view.auction is not None and view.auction.item == "thief" else None
        return wanted if wanted in legal else Pass()

    w = TableWidget(
        state, mode="teacher", humans=[1], bots={0: lambda v, legal: Pass(), 2: thief_for_one}
    )
    w.handles["bid-2"].click()  # P1 takes the Diamant for 2; then opens the Thief at 0
    assert w.state.phase == "auction" and w.acting_human() == 1  # P2 bid 1, P0 dropped out
    assert {k for k in w.handles if k.startswith("bid-")} == {"bid-2", "bid-3"}
    w.handles["bid-3"].click()
    assert w.state.phase == "gift" and {"give-to", "give-coins", "give"} <= set(w.handles)
    assert (w.handles["give-coins"].min, w.handles["give-coins"].max) == (1, 3)
    assert [v for _, v in w.handles["give-to"].options] == [0, 2]
    w.handles["give-to"].value = 2
    w.handles["give-coins"].value = 3
    w.handles["give"].click()
    assert w.state.money() == [15, 10, 18]
    assert "tk-error" not in w.message.value


def test_typed_commands_and_french_labels() -> None:
    w = scripted_table(mode="teacher", humans=[1], bots="random-policy", autoplay=False, lang="fr")
    w.play_button.click()
    w.type_command("offrir 99 pièces")
    assert "tk-error" in w.message.value and "Traceback" not in w.message.value
    w.type_command("offer cigares and 2 coins")
    assert (1, Offer("cigares", 2)) in w.state.decisions
    labels = " ".join(h.description for h in w.handles.values() if hasattr(h, "description"))
    assert "Garder mon offre" in labels or "Ne rien offrir" in labels or w.acting_human() is None


def test_hot_seat_hides_hands_and_sealed_offers_between_turns() -> None:
    w = scripted_table(mode="teacher", humans=[1, 2], bots="random-policy")
    assert w.curtain_down() and list(w.handles) == ["reveal"]
    shown = {int(x) for x in re.findall(r'data-card="(\d+)"', w.table.value)}
    assert not shown & (set(HANDS[1]) | set(HANDS[2]))
    w.handles["reveal"].click()
    shown = {int(x) for x in re.findall(r'data-card="(\d+)"', w.table.value)}
    assert set(HANDS[1]) <= shown and not shown & set(HANDS[2])
    w.handles["offer-card"].value = "cigares"
    w.handles["offer-coins"].value = 3
    w.handles["offer"].click()
    assert w.curtain_down() and "Pass the screen to P3" in w.table.value
    assert "offers Cigars" not in w.table.value and "Cigars" not in w.log.value
    w.handles["reveal"].click()
    assert "offers Cigars" not in w.table.value  # P2 does not see P1's sealed offer
