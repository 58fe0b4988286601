"""The Turin Market heuristic bot: transcripts of its decisions, legality, and its margin."""

from __future__ import annotations

import itertools
import re
import string
from typing import Any

import numpy as np
import pytest

import tradekit
from tradekit.bots import Said, said
from tradekit.core.actions import Action
from tradekit.games.turin import (
    AddBid,
    Bid,
    Buy,
    DeclineGoose,
    EndTurn,
    GiveGoose,
    List,
    Offer,
    PassClaim,
    SellTo,
    TakeGoose,
    TurinGame,
    TurinState,
)
from tradekit.games.turin.bots import TurinHeuristicBot, chance_row
from tradekit.i18n import keys, t
from tradekit.sim import run


def seat_bot(state: TurinState, seat: int, **params: Any) -> TurinHeuristicBot:
    return TurinHeuristicBot(**params).for_game(state.game, seat, np.random.default_rng(seat))


def decide(state: TurinState, seat: int, **params: float) -> tuple[object, str, dict[str, float]]:
    b = seat_bot(state, seat, **params)
    action = b.act(state.view(seat), state.legal_actions(seat))
    assert action in state.legal_actions(seat)
    return action, b.explain(), b.notes


def market_with_listing(price: int) -> TurinState:
    """3 players, one round: nobody bids, then P2 lists card 9 (3 grapes) for ``price``."""
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(
        seed=1, setup={"hands": [[1, 2], [3, 4], [5, 6]], "face_up": [[], [9], []]}
    )
    for seat, card in ((0, 1), (1, 3), (2, 5)):
        state.apply(seat, Offer(card))
    for seat in range(3):
        state.apply(seat, Bid(0))  # everybody at 0: nobody wins, the lot is discarded
    assert state.phase == "market" and state.to_move == (1,)  # P0 has nothing to do
    state.apply(1, List(9, price))
    state.apply(1, EndTurn())
    state.apply(2, EndTurn())
    assert state.to_move == (0,)
    return state


def test_buys_a_listing_worth_more_than_its_price() -> None:
    action, why, notes = decide(market_with_listing(price=1), 0)
    assert action == Buy(9)
    assert why.startswith("It is worth") and notes["surplus"] >= 1.0


def test_does_not_buy_an_overpriced_listing() -> None:
    action, why, _ = decide(market_with_listing(price=14), 0)
    assert action == EndTurn()
    assert why == "No listing is worth its price to me."


def test_claims_a_card_too_when_worth_it_and_passes_otherwise() -> None:
    cheap = market_with_listing(price=1)
    cheap.apply(0, Buy(9))  # a claim step: P2 is asked whether it claims card 9 too
    assert cheap.phase == "claim" and cheap.to_move == (2,)
    action, why, notes = decide(cheap, 2)
    assert action == Buy(9) and why.startswith("At 1 it is worth")
    assert notes["surplus"] >= 1.0
    dear = market_with_listing(price=14)
    dear.apply(0, Buy(9))
    action, why, _ = decide(dear, 2)
    assert action == PassClaim() and why.startswith("At 14")


def test_as_seller_sells_to_the_claimant_the_card_helps_least() -> None:
    state = market_with_listing(price=1)
    state.apply(0, Buy(9))
    state.apply(2, Buy(9))
    assert state.to_move == (1,)  # two claimants: the seller chooses
    bot = seat_bot(state, 1)
    view = state.view(1)
    action = bot.act(view, state.legal_actions(1))
    rows, rivals = bot._context(view)
    worth = {q: bot._worth(9, view.units[q], rivals[q], rows) for q in (0, 2)}
    expected = min((w, q) for q, w in worth.items())[1]
    assert action == SellTo(expected)
    assert bot.explain().startswith(f"It helps P{expected + 1} least")


def test_buys_out_of_turn_phases_when_a_listing_is_worth_it() -> None:
    # Two rounds: P1 lists card 9 for 1 in the first window; in round 2's offer step the bot
    # at seat 0, to move, buys it before offering.
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(
        seed=1,
        setup={"hands": [[1, 2, 7], [3, 4, 8], [5, 6, 10]], "face_up": [[], [9], []]},
    )
    for seat, card in ((0, 1), (1, 3), (2, 5)):
        state.apply(seat, Offer(card))
    for seat in range(3):
        state.apply(seat, Bid(0))
    state.apply(1, List(9, 1))
    while state.phase == "market":
        state.apply(state.to_move[0], EndTurn())
    assert state.phase == "offer"
    action, why, _ = decide(state, 0)
    assert action == Buy(9) and why.startswith("It is worth")


def test_goose_declarations_follow_the_worth_of_the_places() -> None:
    game = tradekit.load_game("turin", players=3, goose="tiebreak")
    for holder in (None, 1):
        state = game.new_state(seed=3, setup={"hands": [[1, 2], [3, 4], [5, 6]], "goose": holder})
        for seat, card in ((0, 1), (1, 3), (2, 5)):
            state.apply(seat, Offer(card))
        for seat, amount in ((0, 5), (1, 3), (2, 3)):
            state.apply(seat, Bid(amount))
        assert state.phase == "goose" and state.to_move == (1,)
        action, why, notes = decide(state, 1, jitter=0)
        top = notes["valuation"]
        if holder is None:
            expected: Action = TakeGoose() if top - 3 < 1.0 else DeclineGoose()
        else:
            expected = DeclineGoose()
            bottom = seat_bot(state, 1).place_worths(state.view(1))[2]
            if top - bottom >= 3.0:
                expected = GiveGoose(2)
        assert action == expected, (holder, why)
        assert why.endswith(".")


def test_a_bot_without_scudo_bids_nothing_and_says_why() -> None:
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(seed=1, setup={"hands": [[1, 2], [3, 4], [5, 6]], "scudo": [0, 15, 15]})
    for seat, card in ((0, 1), (1, 3), (2, 5)):
        state.apply(seat, Offer(card))
    action, why, notes = decide(state, 0)
    assert action == Bid(0)
    assert why.startswith("The lot is worth") and why.endswith("no Scudo to spare.")
    assert notes["valuation"] > 1.0


def test_bids_a_share_of_the_lot_and_keeps_scudo_for_later_rounds() -> None:
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(seed=3)
    for seat in range(3):
        state.apply(seat, Offer(state.hands[seat][0]))
    action, why, notes = decide(state, 0, jitter=0)
    assert isinstance(action, Bid)
    # 15 Scudo over 5 rounds at pace 1: at most 3 this round, whatever the lot is worth.
    assert notes["cap"] == 3.0 and action.amount == min(3, round(0.5 * notes["valuation"]))
    assert "Scudo" in why and not why.startswith("Bid")  # the reason, not the action again
    bold, _, bold_notes = decide(state, 0, jitter=0, pace=5.0, aggression=1.0)
    assert isinstance(bold, Bid) and bold.amount == min(15, round(bold_notes["valuation"]))


def test_offers_the_card_worth_least_counting_the_rivals() -> None:
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(seed=5)
    b = seat_bot(state, 0)
    action = b.act(state.view(0), state.legal_actions(0))
    assert isinstance(action, Offer)
    view = state.view(0)
    rows, rivals = b._context(view)
    cost = {
        c: b._worth(c, view.units[0], rivals[0], rows)
        + b.spite * b._rival_worth(view, c, rows, rivals)
        for c in view.hand
    }
    assert cost[action.card] == min(cost.values())
    assert b.explain().startswith("It is the least valuable card of my hand")


def test_tie_break_adds_only_when_the_better_place_is_worth_it() -> None:
    # The rulebook's round: J3 bids 4, J1 and J2 bid 2 and tie for second place.
    game = tradekit.load_game("turin", players=3)
    state = game.new_state(seed=2)
    for seat in range(3):
        state.apply(seat, Offer(state.hands[seat][0]))
    for seat, amount in ((0, 2), (1, 2), (2, 4)):
        state.apply(seat, Bid(amount))
    assert state.phase == "tiebreak"
    action, why, notes = decide(state, 0, jitter=0)
    assert isinstance(action, AddBid)
    if notes["surplus"] >= 1.0:
        assert action.amount >= 1 and why.startswith("The better place")
    else:
        assert action.amount == 0 and why.startswith("The better place") and "not enough" in why
    cautious, why, _ = decide(state, 0, jitter=0, tiebreak=0.0)
    assert cautious == AddBid(1 if notes["surplus"] >= 1.0 else 0)


def test_chance_rows_rise_with_the_lead_and_flatten_with_units_to_come() -> None:
    early, late = chance_row(0.5, 12), chance_row(0.5, 0)
    zero = 128
    assert early[zero] == late[zero] == 0.5
    assert late[zero + 1] > early[zero + 1] > 0.5
    assert all(a <= b for a, b in itertools.pairwise(early))


CONFIGS = [
    {"players": n, "scoring": s, "public_money": m, "goose": g}
    for n in (2, 3, 4, 5)
    for s in ("classic", "red")
    for m in (True, False)
    for g in (None, "tiebreak", "underdog")
]


@pytest.mark.slow
def test_never_an_illegal_action_in_thousands_of_games() -> None:
    # 48 option sets x 42 games = 2,016 games: heuristic bots against each other and against
    # random bots (which list, buy and borrow, so the heuristic meets every market situation),
    # with a borrowing heuristic too. Any illegal action raises BotError and fails the test
    # (raised in a worker process, it comes back intact).
    games = 0
    for i, options in enumerate(CONFIGS):
        game = tradekit.load_game("turin", **options)
        players = game.num_players
        mixed = ["heuristic:borrow=true", *["random"] * (players - 1)]
        for lineup in (["heuristic"] * players, mixed[::-1] if i % 2 else mixed):
            table = run(game, lineup, n=21, seed=i, backend="processes", progress=False).games
            assert table is not None
            games += table["deal"].nunique()
    assert games == 2016


def test_every_reason_reads_in_french_too() -> None:
    # Every kind of reason the bots give (borrowing and goose bots among random ones, so loans,
    # goose moves, purchases and market turns occur) exists in English and French, and the French
    # one is a different sentence with no field left unformatted and decimal commas.
    seen: dict[str, tuple[str, str]] = {}
    for goose in (None, "tiebreak"):
        game = tradekit.load_game("turin", players=4, goose=goose)
        assert isinstance(game, TurinGame)
        for seed in range(6):
            kinds = [TurinHeuristicBot(borrow=True), TurinHeuristicBot(aggression=0.2, pace=0.5)]
            bots = [kinds[s].for_game(game, s, np.random.default_rng(seed + s)) for s in range(2)]
            state = game.new_state(seed=seed)
            rng = np.random.default_rng(seed)
            while not state.is_over:
                seat = state.to_move[0]
                legal = state.legal_actions(seat)
                if seat >= 2:  # random seats list cards and take loans
                    state.apply(seat, legal[int(rng.integers(len(legal)))])
                    continue
                bot = bots[seat]
                state.apply(seat, bot.act(state.view(seat), legal))
                assert isinstance(bot.reason, Said)
                seen[bot.reason.key] = (bot.explain(), bot.explain("fr"))
    common = {"offer", "pick", "bid", "bid_saving", "add", "add_nothing", "loan", "end_turn"}
    common |= {"pass_claim", "decline_goose"}
    assert {f"turin.bot.{k}" for k in common} <= seen.keys()
    for key, (en, fr) in seen.items():
        assert en != fr and "{" not in fr and "}" not in fr and not fr.startswith("turin."), key
        assert not re.search(r"\d\.\d", fr), (key, fr)  # 4,5 Scudo, not 4.5
    # Every message, the rare ones too, formats in both languages with the same fields.
    for key in (k for k in keys() if k.startswith("turin.bot.")):
        english = t(key, "en")
        fields = {
            name: 2.5 if spec and spec[-1] in "f%" else 2
            for _, name, spec, _ in string.Formatter().parse(english)
            if name
        }
        en, fr = said(key, **fields).text(), said(key, **fields).text("fr")
        assert en != fr and "{" not in en + fr and "}" not in en + fr, key
