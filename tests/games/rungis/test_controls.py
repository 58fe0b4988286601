"""The Rungis table widget, driven headless through its controls only (values and clicks)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.helpers import CLICKS, play_through_controls

widgets = pytest.importorskip("ipywidgets", reason="needs the notebook extra")

import tradekit  # noqa: E402
from tradekit.core.domains import Option  # noqa: E402
from tradekit.games.rungis import (  # noqa: E402
    Announce,
    Bid,
    Designate,
    Done,
    Play,
    Price,
    Propose,
    RungisState,
    Terms,
)
from tradekit.widgets import TableWidget, table  # noqa: E402

FRUIT, EGGS, CHEESE, FISH, MEAT = 1, 13, 25, 37, 43


@pytest.mark.parametrize(
    ("players", "humans", "options", "games"),
    [
        (3, [0], {}, 2),
        (4, [2], {"trading": True}, 2),
        (5, [0], {"below_base": True, "specials": False}, 2),
        (8, [7], {"trading": True}, 1),
        pytest.param(
            3, [0, 2], {"trading": True}, 2, marks=pytest.mark.slow
        ),  # hot-seat: two humans, one bot
        pytest.param(4, [0, 1, 2, 3], {}, 1, marks=pytest.mark.slow),  # hot-seat, no bot
    ],
)
def test_complete_games_through_the_controls(
    players: int, humans: list[int], options: dict[str, Any], games: int
) -> None:
    used: set[str] = set()
    for seed in range(games):
        w = table("rungis", players=players, mode="teacher", humans=humans, seed=seed, **options)
        clicked = play_through_controls(w, random.Random(seed), **CLICKS["rungis"])
        clicks, keys = len(clicked), {key.split("-")[0] for key in clicked}
        used |= keys
        state = w.state
        assert clicks > 0 and state.is_over and len(state.scores()) == players
        assert 'data-phase="over"' in w.table.value
        assert "Winner" in w.header.value or "Winner" in w.table.value
        assert w.controls.children == ()
        assert tradekit.replay(w.save()).scores() == state.scores()
        assert sum(1 for seat, _ in state.decisions if seat in humans) >= 1
    assert {"designate", "bid", "done"} <= used
    if options.get("trading"):
        assert "propose" in used or "accept" in used or "refuse" in used


def scripted(humans: list[int], hotseat: bool | None = None, **setup: Any) -> TableWidget:
    options = setup.pop("options", {"specials": False})
    game = tradekit.load_game("rungis", players=3, **options)
    state = game.new_state(seed=1, setup=setup)
    # Seeded robots: unseeded, about one robot stream in twenty ends the auction before P0
    # speaks again, and the assertions below would hold only most of the time.
    w = TableWidget(
        state, mode="teacher", humans=humans, bots="random-policy", hotseat=hotseat, seed=0
    )
    if hotseat is False:
        w.set_view("all")  # the teacher's view: the controls of whoever must act
    return w


def test_designate_buttons_and_a_bid_slider_bounded_to_what_is_legal() -> None:
    w = scripted([0, 1, 2], deck=[MEAT, FRUIT, EGGS], gold=[8, 12, 3], hotseat=False)
    assert sorted(k for k in w.handles if k.startswith("designate-")) == [
        "designate-0",
        "designate-1",
        "designate-2",
    ]
    assert w.handles["designate-0"].description == "Designate #43 Meat (base 5)"
    w.handles["designate-0"].click()
    slider = w.handles["bid-amount"]
    assert (slider.min, slider.max) == (5, 8)  # the base price to P0's gold
    slider.value = 99
    assert slider.value == 8
    slider.value = 6
    assert w.handles["bid"].description == "Bid 6"
    w.handles["bid"].click()
    assert (0, Bid(6)) in w.state.decisions
    slider = w.handles["bid-amount"]  # P1's turn: from the next raise to its 12 gold
    assert (slider.min, slider.max) == (7, 12)
    w.handles["pass"].click()
    assert 2 not in w.state.to_move  # P2 (3 gold) cannot raise: passed by the engine
    assert w.state.shops[0] == [MEAT]  # type: ignore[attr-defined]


def test_price_and_announcement_sliders_follow_the_price_range() -> None:
    w = scripted(
        [0, 1],
        options={"specials": True},
        deck=[],
        rounds=1,
        shops=[[FISH, CHEESE], [FISH + 1], []],
        hands=[[61], [], []],
        hotseat=False,
    )
    assert w.state.step == "talk"  # type: ignore[attr-defined]
    fish = w.handles["announce-fish-price"]
    assert (fish.min, fish.max) == (4, 8)
    assert (w.handles["announce-cheese-price"].min, w.handles["announce-cheese-price"].max) == (
        3,
        6,
    )
    target = w.handles["play-61-target"]  # Price freeze: on which type?
    target.value = next(v for label, v in target.options if label == "Fish")
    w.handles["play-61"].click()
    assert (0, Play(61, article="fish")) in w.state.decisions
    fish = w.handles["announce-fish-price"]
    assert (fish.min, fish.max) == (4, 4)  # frozen at its base price
    fish.value = 4
    w.handles["announce-fish"].click()
    assert (0, Announce("fish", 4)) in w.state.decisions
    assert "announce-fish" not in w.handles and "announce-cheese" in w.handles
    w.handles["done"].click()
    w.handles["done"].click()  # P1's talk turn
    assert w.state.step == "prices"  # type: ignore[attr-defined]
    slider = w.handles["price-amount"]
    assert (slider.min, slider.max) == (3, 6) and "Cheese" in slider.description
    slider.value = 4
    w.handles["price"].click()
    assert (0, Price("cheese", 4)) in w.state.decisions
    assert (w.handles["price-amount"].min, w.handles["price-amount"].max) == (4, 4)


def trading_table(**setup: Any) -> TableWidget:
    """Seats 0 and 1 human, trading on, straight to the talk turns: fish, meat and eggs held."""
    return scripted(
        [0, 1],
        options={"specials": False, "trading": True},
        deck=[],
        rounds=1,
        shops=[[FISH], [MEAT], [EGGS]],
        hotseat=False,
        **setup,
    )


def test_sliders_of_the_richest_seats_are_bounded_without_listing_the_amounts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    w = trading_table(gold=[10_000, 9_999, 0])
    w.handles["propose-to"].value = 1
    w.handles["propose-take"].value = "meat"
    listed = Option.__iter__

    def no_terms_listed(option: Option) -> Any:
        assert option.cls is not Terms, "the 20,000 terms were listed one by one"
        return listed(option)

    monkeypatch.setattr(Option, "__iter__", no_terms_listed)
    w.handles["propose"].click()
    gold = w.handles["terms-gold"]
    assert (gold.min, gold.max) == (-9_999, 10_000)
    gold.value = 10_000
    w.handles["terms"].click()
    assert (0, Terms(10_000)) in w.state.decisions


def test_the_trading_proposal_builder() -> None:
    w = trading_table()
    to, give, take = w.handles["propose-to"], w.handles["propose-give"], w.handles["propose-take"]
    assert [label for label, _ in give.options] == ["(nothing)", "Fish"]
    assert w.handles["propose"].disabled  # nothing changes hands yet
    to.value = 2
    assert [label for label, _ in take.options] == ["(nothing)", "Eggs"]
    to.value = 1
    assert [label for label, _ in take.options] == ["(nothing)", "Meat"]
    take.value = "meat"
    assert not w.handles["propose"].disabled
    w.handles["propose"].click()
    assert (0, Propose(1, None, "meat")) in w.state.decisions
    gold = w.handles["terms-gold"]
    assert (gold.min, gold.max) == (-10, 10)  # up to all of P1's gold, or all of P0's
    gold.value = 4
    w.handles["terms"].click()
    assert (0, Terms(4)) in w.state.decisions
    assert "P1 proposes: takes one Meat, P1 pays 4 gold." in str(
        [c.value for c in w.controls.children if hasattr(c, "value")]
    )
    w.handles["accept"].click()
    assert w.state.shops == [[FISH, MEAT], [], [EGGS]]  # type: ignore[attr-defined]
    assert w.state.gold == [6, 14, 10]  # type: ignore[attr-defined]


def test_special_card_windows_offer_done_and_the_playable_cards() -> None:
    w = scripted(
        [0],
        options={"specials": True},
        deck=[MEAT, FRUIT, EGGS],
        hands=[[53, 55], [], []],
    )
    assert w.state.step == "auction_start"  # type: ignore[attr-defined]
    assert "play-55" not in w.handles  # a strike is played in the talk turn
    pick = w.handles["play-53-target"]
    assert [label for label, _ in pick.options] == [
        "#43 Meat (base 5)",
        "#1 Fruit (base 1)",
        "#13 Eggs (base 2)",
    ]
    pick.value = 0
    w.handles["play-53"].click()
    assert (0, Play(53, pick=MEAT)) in w.state.decisions
    assert w.state.shops[0] == [MEAT]  # type: ignore[attr-defined]
    w.handles["done"].click()
    assert (0, Done()) in w.state.decisions


def test_typed_commands_and_french_labels() -> None:
    w = scripted([0], deck=[MEAT, FRUIT, EGGS])
    w.type_command("bid 5")
    assert "tk-error" in w.message.value  # not now: P0 must designate a card first
    w.set_lang("fr")
    assert w.handles["designate-0"].description == "Désigner #43 Viandes (base 5)"
    w.type_command("Désigner #43 Viandes (base 5)")
    assert (0, Designate(0)) in w.state.decisions
    w.type_command("bid 40")
    # In French: the action refused and what the seat may do instead (the bounds).
    assert "Enchérir à 5 … Enchérir à 10" in w.message.value and "Traceback" not in w.message.value
    w.type_command("Enchérir à 6")
    assert (0, Bid(6)) in w.state.decisions
    assert "Rungis (enchères)" in w.header.value


def test_hot_seat_hides_special_cards_and_prices_between_turns() -> None:
    w = scripted(
        [0, 1],
        options={"specials": True},
        deck=[],
        rounds=1,
        shops=[[CHEESE], [CHEESE + 1], []],
        hands=[[55], [71], []],
    )
    assert w.hotseat and w.curtain_down() and list(w.handles) == ["reveal"]
    assert 'data-card="55"' not in w.table.value and 'data-card="71"' not in w.table.value
    w.handles["reveal"].click()
    assert 'data-card="55"' in w.table.value and 'data-card="71"' not in w.table.value
    w.handles["done"].click()  # P0's talk turn
    assert w.curtain_down()
    w.handles["reveal"].click()
    assert 'data-card="71"' in w.table.value and 'data-card="55"' not in w.table.value
    w.handles["done"].click()
    w.handles["reveal"].click()  # the prices: P0 first
    w.handles["price-amount"].value = 4
    w.handles["price"].click()
    assert w.curtain_down() and "sheet: Cheese 4" not in w.table.value
    w.handles["reveal"].click()
    assert "sheet: Cheese 4" not in w.table.value  # P1 may not see P0's price


def test_view_switch_shows_controls_for_the_acting_seat_only() -> None:
    w = table("rungis", players=3, mode="teacher", humans=[0], seed=5)
    state = w.state
    assert isinstance(state, RungisState) and w.acting_human() == 0
    w.view_switch.value = "public"
    assert not w.handles
    w.view_switch.value = "teacher"
    assert 'data-viewer="all"' in w.table.value and w.handles
    w.view_switch.value = "seat:1"
    assert not w.handles
