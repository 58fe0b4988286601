"""The Medici table widget, driven headless through its controls only (values and clicks)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from tests.helpers import CLICKS, play_through_controls

widgets = pytest.importorskip("ipywidgets", reason="needs the notebook extra")

import tradekit  # noqa: E402
from tradekit.games.medici import Auction, Bid, Pass, Turn  # noqa: E402
from tradekit.widgets import TableWidget, table  # noqa: E402


@pytest.mark.parametrize(
    ("players", "humans", "options"),
    [
        (3, [0], {}),
        (4, [2], {}),
        (5, [4], {"reward_table": "tournament"}),
        (6, [1], {"reward_table": "tournament"}),
        pytest.param(3, [0, 2], {}, marks=pytest.mark.slow),  # hot-seat: two humans, one bot
        pytest.param(4, [0, 1, 2, 3], {}, marks=pytest.mark.slow),  # hot-seat, no bot
    ],
)
def test_complete_games_through_the_controls(
    players: int, humans: list[int], options: dict[str, Any]
) -> None:
    w = table("medici", players=players, mode="teacher", humans=humans, seed=players, **options)
    clicks = dict(Counter(play_through_controls(w, random.Random(players), **CLICKS["medici"])))
    state = w.state
    assert state.is_over and len(state.scores()) == players
    assert 'data-phase="over"' in w.table.value
    assert "Winner" in w.header.value
    assert w.controls.children == ()
    assert tradekit.replay(w.save()).scores() == state.scores()
    assert sum(1 for seat, _ in state.decisions if seat in humans) >= 1
    assert {"turn", "auction"} & set(clicks) and {"bid", "bid-min", "pass"} & set(clicks)
    if len(humans) > 1:
        assert clicks.get("reveal", 0) >= 1  # the curtain came down between human turns


def first_human_auction(seed: int = 5) -> TableWidget:
    """P1 turns one card and auctions it; the random bots have spoken, P1 speaks last."""
    w = table("medici", players=3, mode="teacher", humans=[0], seed=seed, bots="random-policy")
    assert set(w.handles) >= {"turn", "auction"}
    w.handles["auction"].click()
    assert w.state.phase == "auction" and w.state.to_move == (0,)
    return w


def test_bid_slider_is_bounded_to_the_legal_bids() -> None:
    w = first_human_auction()
    state = w.state
    legal = [a.amount for a in state.legal_actions(0) if isinstance(a, Bid)]
    slider = w.handles["bid-amount"]
    assert (slider.min, slider.max) == (min(legal), max(legal)) == (state.view(0).high_bid + 1, 40)
    slider.value = 999
    assert slider.value == 40
    slider.value = -5
    assert slider.value == slider.min
    slider.value = slider.min + 2
    amount = slider.value
    w.handles["bid"].click()
    assert (0, Bid(amount)) in w.state.decisions


def test_the_least_bid_and_pass_buttons() -> None:
    w = first_human_auction()
    least = w.state.view(0).high_bid + 1
    assert w.handles["bid-min"].description == f"Bid {least} (the least)"
    assert w.handles["pass"].description == "Pass"
    w.handles["bid-min"].click()
    assert (0, Bid(least)) in w.state.decisions
    w.back_button.click()
    assert w.state.phase == "auction" and w.state.to_move == (0,)
    w.handles["pass"].click()
    assert w.state.decisions[-1] == (0, Pass()) or (0, Pass()) in w.state.decisions


def test_turn_buttons_follow_what_may_be_turned() -> None:
    w = table("medici", players=3, mode="teacher", humans=[0], seed=5, bots="random-policy")
    assert list(k for k in w.handles if k != "command") == [
        "turn-card", "auction-lot", "turn", "auction"
    ]  # fmt: skip
    w.handles["turn"].click()
    w.handles["turn"].click()
    assert len(w.state.lot) == 3  # type: ignore[attr-defined]
    assert "turn" not in w.handles and "auction" in w.handles  # a lot has at most 3 cards
    assert "turn-card" not in w.handles and "auction-lot" in w.handles
    notes = [c.value for c in w.controls.children if isinstance(c, widgets.HTML)]
    assert any("No other card may be turned" in note for note in notes)
    assert w.state.legal_actions(0) == [Auction()]
    assert (0, Turn()) in w.state.decisions


def test_typed_commands_mistyped_and_illegal_show_messages() -> None:
    w = first_human_auction()
    decisions = len(w.state.decisions)
    for text in ("bid 400", "blah", "", "bid -1", "turn the next card"):
        w.type_command(text)
        assert "tk-error" in w.message.value, text
        assert "Traceback" not in w.message.value
    assert len(w.state.decisions) == decisions
    w.type_command("bid 400")
    assert "within P1&#x27;s 40 florins, must be a whole number from" in w.message.value
    assert "; got 400" in w.message.value
    w.set_lang("fr")
    high = w.state.view(0).high_bid
    w.type_command(f"Miser {high + 3}")
    assert (0, Bid(high + 3)) in w.state.decisions


def test_hot_seat_shows_the_curtain_between_players() -> None:
    w = table("medici", players=3, mode="teacher", humans=[0, 1], seed=3, bots="random-policy")
    assert w.hotseat and w.curtain_down() and list(w.handles) == ["reveal"]
    assert "Pass the screen to P1" in w.table.value
    w.handles["reveal"].click()
    assert {"turn", "auction", "hide"} <= set(w.handles)
    w.handles["auction"].click()  # P1 speaks first in P0's auction
    assert w.state.to_move == (1,) and w.curtain_down()
    assert "Pass the screen to P2" in w.table.value
    w.handles["reveal"].click()
    assert "bid-amount" in w.handles and "pass" in w.handles


def test_bots_explain_their_decisions_in_the_widget() -> None:
    w = table("medici", players=4, mode="teacher", humans=[0], seed=11)
    w.handles["auction"].click()
    assert "heuristic" in w.bots_box.value
    assert 'class="tk-why"' in w.log.value
    assert "the lot is worth" in w.log.value.lower()


def test_view_switch_shows_the_pile_to_the_teacher_only() -> None:
    w = table("medici", players=3, mode="teacher", humans=[0], seed=5)
    assert 'data-viewer="0"' in w.table.value and "Pile, top card first" not in w.table.value
    w.view_switch.value = "teacher"
    assert 'data-viewer="all"' in w.table.value and "Pile, top card first" in w.table.value
    assert "turn" in w.handles  # the teacher may play the human seat's turn
    w.view_switch.value = "public"
    assert 'data-viewer="public"' in w.table.value and not w.handles


def test_the_pile_and_the_lot_are_card_buttons() -> None:
    # Clicking the pile (a card back) turns a card; clicking the lot (its last card) auctions it.
    w = table("medici", players=3, mode="teacher", humans=[0], seed=5, bots="random-policy")
    pile = w.handles["turn-card"]
    assert "tk-card-btn" in pile._dom_classes and pile.description == w.handles["turn"].description
    before = len(w.state.view(None).lot)
    pile.click()
    assert w.state.decisions[-1] == (0, Turn()) and len(w.state.view(None).lot) == before + 1
    lot = w.handles["auction-lot"]
    assert "tk-card-btn" in lot._dom_classes and lot.description == w.handles["auction"].description
    lot.click()
    assert (0, Auction()) in w.state.decisions and w.state.phase == "auction"
    assert "turn-card" not in w.handles and "auction-lot" not in w.handles
