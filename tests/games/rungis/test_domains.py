"""Rungis's legal actions are one declaration per step: a lazy menu of options with domains.

The same menu lists the legal actions (in the order bots and random players index them), checks
an action and words its refusal. Ranges (prices, bids, the gold of a trade's terms) are never
listed, so the largest gold a scripted set-up allows costs nothing; every refusal names the
field, what is allowed and what was given; a refused action changes nothing; and ``can`` agrees
with ``apply`` on actions that nearly are legal.

Cards used below (from ``data/rungis/``): fruit 1-6 (base 1), eggs 13-18 (base 2), cheese 25-30
(base 3), fish 37-42 (base 4), meat 43-48 (base 5); special cards 49 No delivery, 53 Pre-emption
(at the base price), 55 Lorry drivers' strike, 57 Tax.
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import numpy as np
import pytest

import tradekit
from tests.helpers import at_most_calls
from tradekit import IllegalActionError
from tradekit.core.actions import Action
from tradekit.core.domains import Menu, Range
from tradekit.core.errors import MalformedActionError
from tradekit.core.setup import MAX_MONEY
from tradekit.games.rungis import (
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

FRUIT, EGGS, CHEESE, FISH, MEAT = 1, 13, 25, 37, 43
RICH = MAX_MONEY


def new(players: int = 3, specials: bool = True, **setup: Any) -> RungisState:
    options = setup.pop("options", {})
    game = tradekit.load_game("rungis", players=players, specials=specials, **options)
    state = game.new_state(seed=0, setup=setup)
    assert isinstance(state, RungisState)
    return state


def refusal(state: RungisState, seat: int, action: Action) -> str:
    """The reason ``apply`` gives, checking that the refused action changed nothing."""
    before = state.to_json()
    assert not state.can(seat, action)
    with pytest.raises(IllegalActionError) as info:
        state.apply(seat, action)
    assert state.to_json() == before
    return info.value.reason


def ranges(menu: Any, cls: type[Action]) -> list[tuple[str, Range]]:
    """The Range domains the menu's options of ``cls`` declare."""
    assert isinstance(menu, Menu)
    return [
        (name, domain)
        for option in menu.options
        if option.cls is cls
        for name, domain in option.domains
        if isinstance(domain, Range)
    ]


def quick(action: Any) -> Any:
    """Run ``action()`` and check it did next to no work (nothing was listed): a few hundred
    calls at most, where listing the bids of the largest gold takes 50,000."""
    with at_most_calls(1_000):
        return action()


# ----------------------------------------------------------------------------------------------
# the largest gold costs nothing
# ----------------------------------------------------------------------------------------------


def test_bids_at_the_largest_gold_are_a_range_never_listed() -> None:
    state = new(deck=[MEAT, FRUIT, EGGS], gold=[RICH, RICH, RICH], specials=False)
    state.apply(0, Designate(0))
    legal = state.legal_actions(0)
    assert [(n, d.lo, d.hi) for n, d in ranges(legal, Bid)] == [("amount", 5, RICH)]
    assert quick(lambda: len(legal)) == RICH - 5 + 2  # every bid from 5, and Pass
    assert quick(lambda: legal[RICH - 5]) == Bid(RICH)
    assert quick(lambda: state.can(0, Bid(RICH))) and not state.can(0, Bid(RICH + 1))
    assert legal.bounds(Bid, "amount") == (5, RICH)
    state.apply(0, Bid(RICH - 1))
    assert ranges(state.legal_actions(1), Bid)[0][1].lo == RICH


def test_prices_and_announcements_are_ranges() -> None:
    state = new(deck=[], rounds=1, shops=[[FISH], [MEAT], []], gold=[RICH, 0, 0])
    talk = state.legal_actions(0)
    assert [(n, d.lo, d.hi) for n, d in ranges(talk, Announce)] == [("price", 4, 8)]
    while state.step == "talk":
        state.apply(state.to_move[0], Done())
    legal = state.legal_actions(1)
    assert [(n, d.lo, d.hi) for n, d in ranges(legal, Price)] == [("price", 5, 10)]
    assert legal[-1] == Price("meat", 10) and len(legal) == 6


def test_terms_at_the_largest_gold_are_a_range_from_minus_theirs_to_mine() -> None:
    state = new(
        deck=[],
        rounds=1,
        shops=[[FISH], [MEAT], []],
        gold=[RICH, RICH - 1, 0],
        specials=False,
        options={"trading": True},
    )
    state.apply(0, Propose(1, "fish", "meat"))
    legal = state.legal_actions(0)
    assert [(n, d.lo, d.hi) for n, d in ranges(legal, Terms)] == [("gold", -(RICH - 1), RICH)]
    assert quick(lambda: len(legal)) == 2 * RICH
    assert quick(lambda: legal[0]) == Terms(-(RICH - 1)) and legal[-1] == Terms(RICH)
    assert quick(lambda: state.can(0, Terms(RICH))) and not state.can(0, Terms(RICH + 1))
    assert "from -9999 to 10000; got 10001" in refusal(state, 0, Terms(RICH + 1))


def test_gold_above_the_bound_is_refused_at_set_up() -> None:
    with pytest.raises(tradekit.ConfigError, match="from 0 to 10000"):
        new(gold=[RICH + 1, 0, 0])


# ----------------------------------------------------------------------------------------------
# every refusal names the field, what is allowed and what was given
# ----------------------------------------------------------------------------------------------


def test_bid_refusals() -> None:
    state = new(deck=[MEAT, FRUIT, EGGS], specials=False)
    state.apply(0, Designate(0))
    assert refusal(state, 0, Bid(4)) == (
        "the opening bid (at least the base price, at most P1's gold) must be a whole number "
        "from 5 to 10; got 4"
    )
    state.apply(0, Bid(6))
    assert refusal(state, 1, Bid(6)) == (
        "the bid (above P1's 6, at most P2's gold) must be a whole number from 7 to 10; got 6"
    )
    assert refusal(state, 1, Bid(11)).endswith("from 7 to 10; got 11")
    done = refusal(state, 1, Done())
    assert done.startswith("in the auction of the Rungis phase the choices are “bid ")
    assert done.endswith(", not “done”")


def test_designate_refusal() -> None:
    state = new(deck=[MEAT, FRUIT, EGGS], specials=False)
    assert refusal(state, 0, Designate(3)) == (
        "the centre position must be a whole number from 0 to 2; got 3"
    )


def test_price_refusals() -> None:
    state = new(deck=[], rounds=1, shops=[[FRUIT, FISH], [FISH + 1], []])
    while state.step == "talk":
        state.apply(state.to_move[0], Done())
    assert refusal(state, 0, Price("fish", 5)) == (
        "the article must be 'fruit': P1 writes the price for fruit next (one type at a time); "
        "got 'fish'"
    )
    assert refusal(state, 0, Price("fruit", 3)) == (
        "the price for fruit must be a whole number from 1 to 2; got 3"
    )


def test_announce_refusals() -> None:
    state = new(deck=[], rounds=1, shops=[[FISH, MEAT], [], []])
    assert refusal(state, 0, Announce("fish", 9)) == (
        "the price for fish must be a whole number from 4 to 8; got 9"
    )
    assert refusal(state, 0, Announce("eggs", 3)) == (
        "the article announced must be an article type P1 holds and has not announced yet "
        "(P1 holds 'fish' or 'meat'); got 'eggs'"
    )
    state.apply(0, Announce("fish", 6))
    assert "has not announced yet" in refusal(state, 0, Announce("fish", 6))


def test_proposal_refusals() -> None:
    state = new(
        deck=[], rounds=1, shops=[[FISH], [MEAT], []], specials=False, options={"trading": True}
    )
    assert refusal(state, 0, Propose(0, "fish", None)) == (
        "the seat proposed to must be another seat (1 or 2); got 0"
    )
    assert refusal(state, 0, Propose(1, "eggs", None)) == (
        "the article given must be None or an article type P1 holds (None or 'fish'); got 'eggs'"
    )
    assert refusal(state, 0, Propose(1, "fish", "eggs")) == (
        "the article taken must be None or an article type P2 holds (None or 'meat'); got 'eggs'"
    )
    assert refusal(state, 0, Propose(1, None, None)) == (
        "the article taken must be an article type P2 holds ('meat') when nothing is given; "
        "got None"
    )
    assert refusal(state, 0, Propose(2, None, "meat")).startswith(
        "the article taken must be an article type P3 holds (none now)"
    )
    state.apply(0, Propose(1, None, "meat"))
    state.apply(0, Terms(0))
    state.apply(1, tradekit.games.rungis.Refuse())
    assert refusal(state, 0, Propose(2, "fish", None)) == (
        "P1 has made their proposal: one per pricing phase"
    )


def test_special_card_refusals() -> None:
    state = new(deck=[FISH, FRUIT, EGGS], hands=[[49, 55], [], []], shops=[[CHEESE], [], []])
    assert state.step == "auction_start"
    assert refusal(state, 0, Play(49, player=0)) == (
        "the target seat must be another seat still in this Rungis phase (1 or 2); got 0"
    )
    assert refusal(state, 0, Play(55, article="cheese")).endswith(
        "got 55 (Lorry drivers' strike is played in a talk turn, not before the auctions)"
    )
    assert refusal(state, 0, Play(57)) == (
        "the special card must be a special card P1 can play before the auctions; got 57"
    )
    assert refusal(state, 0, Play(49, player=1, article="fish")) == (
        "“play special card 49 on P2 fish” takes no article here (it must be None); got 'fish' "
        "(a str)"
    )


def test_a_card_with_nothing_to_target_says_why() -> None:
    state = new(deck=[FISH, FRUIT, EGGS], hands=[[53], [], []], gold=[3, 10, 10])
    # Pre-emption takes a face-up article at its base price: fish (4) is beyond P0's 3 gold
    assert state.legal_actions(0) == [Play(53, pick=FRUIT), Play(53, pick=EGGS), Done()]
    assert refusal(state, 0, Play(53, pick=FISH)) == (
        "the centre card picked must be a face-up article in the centre costing at most 3 gold "
        "at its base price (1 or 13); got 37"
    )
    poor = new(deck=[FISH, MEAT, FISH + 1], hands=[[53], [], []], gold=[3, 10, 10])
    assert poor.legal_actions(0) == [Done()]
    assert refusal(poor, 0, Play(53, pick=FISH)).endswith(
        "got 53 (Pre-emption cannot be played now: no face-up article in the centre costs at "
        "most 3 gold at its base price)"
    )


@pytest.mark.parametrize(
    "play",
    [
        Play(49, article="fish"),  # No delivery targets a seat
        Play(49, pick=FISH),
        Play(49),  # ... and needs one
        Play(55, player=1),  # Strike targets an article type
        Play(57, player=1),  # so does a Tax
        Play(57, article="cheese", pick=CHEESE),
    ],
)
def test_a_target_of_the_wrong_kind_is_refused_and_changes_nothing(play: Play) -> None:
    state = new(
        deck=[FISH, FRUIT, EGGS],
        hands=[[49, 55, 57], [], []],
        shops=[[FISH + 1], [CHEESE], []],
        rounds=1,
    )
    if play.card != 49:  # Strike and Tax are played in the talk turns
        state.apply(0, Play(49, player=2))
        while state.step != "talk":
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            state.apply(seat, next((a for a in legal if not isinstance(a, Bid)), legal[-1]))
    assert state.to_move == (0,)
    why = refusal(state, 0, play)
    assert any(word in why for word in ("takes no", "target seat", "the article")), why


def test_a_target_of_the_wrong_type_is_malformed() -> None:
    state = new(deck=[FISH, FRUIT, EGGS], hands=[[49], [], []])
    before = state.to_json()
    for bad in (Play(49, player=0.0), Play(49, player="1"), Play(49, player=True)):  # type: ignore[arg-type]
        with pytest.raises(MalformedActionError):
            state.apply(0, bad)
    assert state.to_json() == before and state.hands[0] == [49]


# ----------------------------------------------------------------------------------------------
# can() agrees with apply() on near misses, in random mid-game states
# ----------------------------------------------------------------------------------------------


def near_misses(state: RungisState, action: Action) -> list[Action]:
    """``action`` with each field nudged by one, or swapped for another seat, article or card."""
    articles = [a.id for a in state.tables.articles]
    cards = state.all_cards()
    out = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            candidates: list[Any] = [value - 1, value + 1, None]
            candidates += [q for q in range(state.n) if q != value][:2]
            candidates += [cards[(cards.index(value) + 1) % len(cards)]] if value in cards else []
        elif isinstance(value, str):
            candidates = [*[a for a in articles if a != value][:3], None]
        else:  # None: a target the action did not have
            candidates = [0, 1, articles[0], cards[0]]
        out += [dataclasses.replace(action, **{field.name: c}) for c in candidates]
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"specials": False, "trading": True, "below_base": True}, {"trading": True}],
)
def test_can_agrees_with_apply_on_near_misses(options: dict[str, Any]) -> None:
    game = tradekit.load_game("rungis", players=4, **options)
    rng = np.random.default_rng(11)
    states = seed = 0
    while states < 80:
        state = game.new_state(seed=seed)
        assert isinstance(state, RungisState)
        seed += 1
        while not state.is_over and states < 80:
            seat = state.to_move[int(rng.integers(len(state.to_move)))]
            legal = state.legal_actions(seat)
            if rng.random() < 0.15:
                states += 1
                picks = [legal[int(rng.integers(len(legal)))] for _ in range(3)]
                for base in picks:
                    for action in near_misses(state, base):
                        allowed = state.can(seat, action)
                        assert allowed == (action in legal), action
                        if allowed and action != base:
                            copy.deepcopy(state).apply(seat, action)  # must not fail half-way
                        else:
                            before = len(state.log), list(state.gold), state.card_locations()
                            with pytest.raises(IllegalActionError):
                                state.apply(seat, action)
                            assert (len(state.log), list(state.gold)) == before[:2]
                            assert state.card_locations() == before[2]
            state.apply(seat, legal[int(rng.integers(len(legal)))])
    assert states == 80  # 240 states over the three option sets


def test_the_kept_menu_is_never_stale() -> None:
    """The menu kept between a listing and the check equals one declared afresh, every step."""
    game = tradekit.load_game("rungis", players=5, trading=True)
    rng = np.random.default_rng(5)
    for seed in range(3):
        state = game.new_state(seed=seed)
        assert isinstance(state, RungisState)
        while not state.is_over:
            seat = state.to_move[int(rng.integers(len(state.to_move)))]
            legal = state.legal_actions(seat)
            fresh = state._declare_menu(seat)
            assert len(legal) == len(fresh)
            assert [legal[i] for i in range(min(len(legal), 40))] == list(fresh)[:40]
            state.apply(seat, legal[int(rng.integers(len(legal)))])
