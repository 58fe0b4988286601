"""The Négoces heuristic bot: transcripts of its decisions on scripted tables, legality in
thousands of games, and its margin over random bots.

Card ids (``data/negoces/goods.csv``): bijoux 0-3, cafe 4-7, cigares 8-11, ivoire 12-15,
jade 16-19, livres 20-23, miel 24-27, parfum 28-31, soie 32-35, the 36-39, vin 40-43,
epices 44-47, diamant 48. With three players the goal is 6 different goods and 10 coins.
"""

from __future__ import annotations

import re
import string
from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import tradekit
from tradekit import ConfigError
from tradekit.bots import Bot, Said, bot_classes, make_bot, said
from tradekit.games.negoces import (
    Accept,
    Ban,
    Bid,
    Continue,
    Give,
    NegocesState,
    Offer,
    Pass,
    PutUp,
    RepayLoan,
    Stand,
    Steal,
    Swap,
    Temple,
    UseTreasurer,
    variant_sets,
)
from tradekit.games.negoces.bots import NegocesHeuristicBot
from tradekit.i18n import keys, t
from tradekit.sim import run

#: P0 holds the Diamant (7 cards) and sells first; P1 and P2 hold two series of 3 each.
HANDS = [[0, 1, 2, 4, 5, 6, 48], [8, 9, 10, 12, 13, 14], [16, 17, 18, 20, 21, 22]]


def scripted(players: int = 3, variants: Any = (), **setup: Any) -> NegocesState:
    setup.setdefault("hands", HANDS)
    game = tradekit.load_game("negoces", players=players, variants=variants)
    state = game.new_state(seed=1, setup=setup)
    assert isinstance(state, NegocesState)
    return state


def seat_bots(state: NegocesState, **params: Any) -> list[NegocesHeuristicBot]:
    return [
        NegocesHeuristicBot(**params).for_game(state.game, seat, np.random.default_rng(seat))
        for seat in range(state.n)
    ]


def step(state: NegocesState, bots: list[NegocesHeuristicBot]) -> tuple[int, Any, str]:
    """The bot to move decides (legally) and plays; returns (seat, action, explanation)."""
    seat = state.to_move[0]
    bot = bots[seat]
    action = bot.act(state.view(seat), state.legal_actions(seat))
    assert state.can(seat, action), (seat, action)
    state.apply(seat, action)
    why = bot.explain()
    assert why.endswith(".") and "\n" not in why
    return seat, action, why


def play_sale(state: NegocesState, bots: list[NegocesHeuristicBot]) -> list[tuple[int, Any, str]]:
    """Every decision until the current sale ends (or the game does)."""
    sales = state.sales
    out = []
    while not state.is_over and state.sales == sales:
        out.append(step(state, bots))
    return out


# ----------------------------------------------------------------------------------------------
# transcripts
# ----------------------------------------------------------------------------------------------


def test_a_first_sale_reads_like_a_story() -> None:
    state = scripted()
    bots = seat_bots(state)
    story = play_sale(state, bots)
    (seller, put, why0), (b1, offer1, why1), (b2, offer2, why2), (_, accept, why3) = story
    # P0 sells a good it holds three of: losing one costs it no different good.
    assert seller == 0 and isinstance(put, PutUp) and put.good in ("bijoux", "cafe")
    assert why0 == "I hold 3 of them, so selling one costs me no good."
    # Both buyers lack that good: each opens with a duplicate and asks 1 coin back (a third of
    # the way from -2 to the 2 coins the good is worth to them).
    assert (b1, b2) == (1, 2)
    assert offer1.good in ("cigares", "ivoire") and offer1.coins == -1
    assert offer2.good in ("jade", "livres") and offer2.coins == -1
    assert why1.endswith("a good I lack, worth up to 2 coins to me, so I raise round by round.")
    assert why2.endswith("a good I lack, worth up to 2 coins to me, so I raise round by round.")
    # A new good for 1 coin is worth 2 to the seller: enough to accept at once.
    assert isinstance(accept, Accept) and accept.buyer in (1, 2)
    assert why3.endswith("offer of P3 is worth 2.0 coins to me, the best offer.")
    buyer = accept.buyer
    assert state.coins[0] == 14 and state.coins[buyer] == 16
    assert state.seller == 0  # paid with a card: P0 sells again


def test_a_patient_seller_waits_and_the_buyers_raise_round_by_round() -> None:
    state = scripted()
    bots = seat_bots(state, accept_at=10.0)
    story = play_sale(state, bots)
    offers = [(seat, a.coins) for seat, a, _ in story if isinstance(a, Offer)]
    # rounds 1, 2, 3: from -2 towards 2 coins, a third of the way each round
    assert offers == [(1, -1), (2, -1), (1, 0), (2, 0), (1, 2), (2, 2)]
    decisions = [(a, why) for seat, a, why in story if seat == 0 and not isinstance(a, PutUp)]
    assert [type(a) for a, _ in decisions] == [Continue, Continue, Accept]
    assert decisions[0][1].startswith("The best, the ")
    assert decisions[2][1].endswith("is worth 5.0 coins to me, the best offer.")
    assert state.coins[0] == 17  # paid a new good and 2 coins


def test_the_diamant_auction_stops_at_its_worth() -> None:
    hands = [h[:6] for h in HANDS]
    state = scripted(hands=hands, coins=[15, 15, 15])
    bots = seat_bots(state)
    story = []
    while state.phase == "auction":
        story.append(step(state, bots))
    assert [(s, a) for s, a, _ in story] == [
        (1, Bid(1)),
        (2, Bid(2)),
        (0, Bid(3)),
        (1, Pass()),
        (2, Pass()),
    ]
    assert story[2][2] == "The Diamond is worth 3.0 coins to me and paying 3 costs me 3.0."
    assert story[3][2] == ("The Diamond is worth 3.0 coins to me and paying 4 would cost me 4.0.")
    assert 48 in state.hands[0] and state.box_coins == 3
    # a bidder short of coins counts each coin below the goal 1.5 times: it stops sooner
    for coins, second in ((15, Bid(2)), (9, Pass())):
        state = scripted(hands=hands, coins=[15, 15, coins])
        bots = seat_bots(state, diamant_worth=2.0)
        step(state, bots)
        seat, action, why = step(state, bots)
        assert (seat, action) == (2, second)
    assert why == ("The Diamond is worth 2.0 coins to me and paying 2 would cost me 3.0.")


def test_the_temple_completes_its_goods_and_the_seller_wins() -> None:
    # P0: bijoux x3, cafe, cigares, ivoire, Diamant (5 goods of 6) and 20 coins: the sacred
    # texts are the sixth good, and 20 coins less the gift of 5 still reach 10: a win at once.
    hands = [[0, 1, 2, 4, 8, 12, 48], [9, 10, 13, 14, 16, 17], [18, 20, 21, 22, 24, 25]]
    state = scripted(variants="temple", hands=hands, coins=[20, 15, 12])
    bots = seat_bots(state)
    story = play_sale(state, bots)
    assert [action for _, action, _ in story] == [Temple("bijoux")]
    assert story[0][2].startswith("A new good is worth")
    assert state.winner == 0 and state.is_over and state.log[-1].data["by"] == "temple"


def test_the_temple_gift_goes_to_the_richest_rival_it_cannot_make_win() -> None:
    # P0 short of coins: 14 less the gift of 5 is 9, no win. The gift is shared out.
    hands = [[0, 1, 2, 4, 8, 12, 48], [9, 10, 13, 14, 16, 17], [18, 20, 21, 22, 24, 25]]
    state = scripted(variants="temple", hands=hands, coins=[14, 15, 12])
    bots = seat_bots(state)
    state.apply(0, Temple("bijoux"))
    seat, action, why = step(state, bots)
    assert (seat, action) == (0, Give(1, 5))  # the whole gift to the richest rival
    assert why == "P2 is the richest rival: more coins matter least to them."


def test_a_gift_avoids_a_rival_it_would_bring_to_the_goal() -> None:
    # P1 has shown 5 goods (cigares, ivoire, jade, livres, miel) and holds 8 coins: 5 more could
    # give them the goal at once, so the gift goes to P2.
    hands = [[0, 1, 2, 4, 8, 12, 48], [9, 13, 16, 20, 24, 10], [18, 21, 22, 25, 26, 27]]
    state = scripted(variants="temple", hands=hands, coins=[14, 8, 5])
    bots = seat_bots(state)
    bots[0]._known[1].update({"cigares": 2, "ivoire": 1, "jade": 1, "livres": 1, "miel": 1})
    state.apply(0, Temple("bijoux"))
    seat, action, why = step(state, bots)
    assert (seat, action) == (0, Give(2, 5))
    assert why == ("Richer rivals than P3 could reach the goal with these coins and win at once.")
    assert not state.is_over


def test_the_treasurer_takes_a_full_treasury() -> None:
    state = scripted(variants="treasury", treasury=4)
    seat, action, why = step(state, seat_bots(state))
    assert (seat, action) == (0, UseTreasurer())
    assert why == "The treasury holds 4 coins."
    assert state.coins[0] == 19
    low = scripted(variants="treasury", treasury=2)
    _, action, _ = step(low, seat_bots(low))
    assert isinstance(action, PutUp)  # 2 coins: not yet worth the card


def test_the_thief_steals_a_good_it_lacks() -> None:
    state = scripted(variants="thief_guard", thief=1, guard=None)
    bots = seat_bots(state)
    step(state, bots)  # P0 puts up a good P1 lacks
    seat, action, why = step(state, bots)
    assert (seat, action) == (1, Steal())
    assert why.endswith("is a good I lack, worth 3.0 coins to me.")
    guarded = scripted(variants="thief_guard", thief=1, guard=0)
    bots = seat_bots(guarded)
    step(guarded, bots)
    _, action, _ = step(guarded, bots)
    assert isinstance(action, Offer)  # the seller holds the Guard


def test_it_repays_its_loan_once_it_can_keep_its_coin_goal() -> None:
    state = scripted(variants="bank", loans=[0, 1, 0], coins=[15, 20, 15])
    bots = seat_bots(state)
    step(state, bots)
    seat, action, why = step(state, bots)
    assert (seat, action) == (1, RepayLoan())
    assert why == "A player holding a loan card cannot win, and I hold 20 coins."
    assert state.loans == [[], [], []] and state.coins[1] == 15
    poor = scripted(variants="bank", loans=[0, 1, 0], coins=[15, 12, 15])
    bots = seat_bots(poor)
    step(poor, bots)
    _, action, _ = step(poor, bots)
    assert isinstance(action, Offer)  # 12 - 5 would leave it below 10 coins


def test_block_refuses_to_hand_a_rival_the_winning_card() -> None:
    # P1 was seen collecting five goods; the Coffee P0 puts up is the sixth, and P1 has coins.
    hands = [[4, 5, 6, 8, 24, 28, 48], [0, 12, 16, 20, 32, 36], [1, 2, 9, 10, 13, 14]]
    state = scripted(hands=hands)
    bots = seat_bots(state, block=1.0, accept_at=0.0)
    bots[0]._known[1].update({"bijoux": 1, "ivoire": 1, "jade": 1, "livres": 1, "soie": 1})
    state.apply(0, PutUp("cafe"))
    state.apply(1, Offer(None, 5))  # everything above its goal: with Coffee it would win
    state.apply(2, Offer(None, 1))
    seat, action, why = step(state, bots)
    assert (seat, action) == (0, Accept(2))
    assert why.startswith("The 1 coin offer of P3 is worth")
    # a seller who does not block takes the far better offer
    state2 = scripted(hands=hands)
    state2.apply(0, PutUp("cafe"))
    state2.apply(1, Offer(None, 5))
    state2.apply(2, Offer(None, 1))
    _, action, _ = step(state2, seat_bots(state2, block=0.0, accept_at=0.0))
    assert action == Accept(1)


def test_a_buyer_will_not_pay_the_seller_into_a_win() -> None:
    # P0 was seen with five goods and holds 9 coins: a card it lacks and 1 coin would win.
    hands = [[4, 5, 8, 16, 24, 28, 48], [0, 1, 12, 13, 20, 21], [2, 9, 10, 14, 22, 23]]
    state = scripted(hands=hands, coins=[9, 15, 15])
    bots = seat_bots(state, block=1.0)
    for b in bots[1:]:
        b._known[0].update({"cafe": 1, "cigares": 1, "jade": 1, "miel": 1, "diamant": 1})
    state.apply(0, PutUp("cafe"))
    seat, action, why = step(state, bots)
    assert seat == 1
    # no card P0 lacks and no coin P0 could reach 10 with: only 'a card and -1 coin' is left
    assert action == Stand() or (isinstance(action, Offer) and action.coins < 1)
    assert why and not why.startswith(("Offered", "Kept my offer"))  # the reason, not the action


def test_the_miser_bars_a_rival_who_would_win() -> None:
    hands = [[4, 5, 6, 8, 24, 28, 48], [0, 12, 16, 20, 32, 36], [1, 2, 9, 10, 13, 14]]
    state = scripted(variants="misers", hands=hands)
    bots = seat_bots(state, block=1.0)
    bots[2]._known[1].update({"bijoux": 1, "ivoire": 1, "jade": 1, "livres": 1, "soie": 1})
    state.apply(0, PutUp("cafe"))
    state.apply(1, Offer(None, 3))
    state.apply(2, Stand())
    state.apply(0, Continue())
    state.apply(1, Stand())
    seat, action, why = step(state, bots)
    assert (seat, action) == (2, Ban(1))
    assert why == "With Coffee, P2 would win."


def test_the_swindler_pays_with_a_good_the_seller_already_holds() -> None:
    # P1 offers one of its 3 cigares; it also holds 2 cafe, a good the seller P0 is known to
    # hold: paying with a cafe costs P1 no more, and gives P0 nothing new.
    hands = [[0, 1, 2, 3, 4, 5, 48], [6, 7, 8, 9, 10, 12], [16, 17, 18, 20, 21, 22]]
    state = scripted(variants="swindlers", hands=hands)
    bots = seat_bots(state)
    state.apply(0, PutUp("bijoux"))
    state.apply(1, Offer("cigares", 0))
    state.apply(2, Stand())
    state.apply(0, Accept(1))
    assert state.phase == "swindle"
    bots[1]._observe(state.view(1))  # it saw P0 put up Jewels, a series P0 was dealt
    bots[1]._known[0]["cafe"] = 1
    seat, action, why = step(state, bots)
    assert (seat, action) == (1, Swap("cafe"))
    assert why == "I pay with another card instead: a good the seller already holds."
    # the others learn nothing from the explanation: the swap is unseen


def test_explanations_keep_face_down_cards_secret() -> None:
    for variants in ("blind", "face_down"):
        state = scripted(variants=variants)
        bots = seat_bots(state)
        step(state, bots)
        _, action, why = step(state, bots)
        assert isinstance(action, Offer) and action.good is not None
        assert why and "Cigars" not in why  # the offer's label says "a duplicate card"
        assert "Ivory" not in why
        fr = bots[1].explain("fr")
        assert fr and "Cigares" not in fr
        assert "Ivoire" not in fr


def test_parameters_are_validated_and_named_bots_take_them() -> None:
    bot = make_bot("negoces", "heuristic:accept_at=4,block=0.5,borrow=true")
    assert isinstance(bot, NegocesHeuristicBot)
    assert (bot.accept_at, bot.block, bot.borrow) == (4, 0.5, True)
    assert bot.tag == "heuristic(accept_at=4, block=0.5, borrow=True)"
    for bad in (
        {"good_worth": -1},
        {"short_coin": 0.5},
        {"sell_back": 1.5},
        {"sell_back": True},
        {"treasury_min": 99},
        {"block": 2},
        {"borrow": "yes"},
    ):
        with pytest.raises(ConfigError):
            NegocesHeuristicBot(**bad)


# ----------------------------------------------------------------------------------------------
# many games
# ----------------------------------------------------------------------------------------------


@pytest.mark.slow
def test_never_an_illegal_action_in_thousands_of_games() -> None:
    # 4 player counts x 12 variant sets (none, each variant alone, all together, random mixes)
    # x 3 line-ups x 14 games = 2,016 games. Any illegal action raises BotError (naming the
    # bot, seat and game seed) and fails the test; random bots offer loans, negative coins and
    # bans, so the heuristic meets every situation.
    rare = {"Bid", "Give", "UseTreasurer", "Steal", "SellInactive", "Swap", "AskToShow"}
    rare |= {"RepayLoan", "TakeLoan", "Temple", "Ban"}
    games = 0
    kinds: Counter[str] = Counter()
    for players in (3, 4, 5, 6):
        for i, variants in enumerate(variant_sets(players, 12, seed=3)):
            opener = 1 if "winner_opens" in variants else None
            game = tradekit.load_game("negoces", players=players, variants=variants, opener=opener)
            mixed = ["heuristic:borrow=true", *["random"] * (players - 1)]
            lineups = [
                ["heuristic"] * players,
                mixed[::-1] if i % 2 else mixed,
                ["heuristic:block=1.0,accept_at=0", *["heuristic"] * (players - 2), "random"],
            ]
            for lineup in lineups:
                result = run(game, lineup, n=14, seed=i, backend="serial", decisions=rare)
                assert result.games is not None
                games += result.games["deal"].nunique()
                if result.decisions is not None and len(result.decisions):
                    mine = result.decisions[result.decisions["bot"].str.startswith("heur")]
                    kinds.update(mine["kind"])
    assert games == 2016
    # the heuristic met, and used, the variants' actions (it never needs to borrow)
    assert set(kinds) == rare - {"TakeLoan"}, kinds


@pytest.mark.slow
def test_heuristic_games_end_with_a_winner_well_before_the_cap() -> None:
    for players in (3, 4, 5, 6):
        table = run(
            tradekit.load_game("negoces", players=players),
            "heuristic",
            n=40,
            seed=7,
            backend="serial",
        ).games
        assert table is not None
        per_game = table.groupby("deal").agg(win=("win", "sum"), sales=("rounds", "first"))
        assert (per_game["win"] == 1).all()
        assert per_game["sales"].max() < 100 and per_game["sales"].mean() < 25


# ----------------------------------------------------------------------------------------------
# explanations in English and French
# ----------------------------------------------------------------------------------------------

#: Heuristic bots that between them meet every kind of decision: loans, the Thief, a Treasurer
#: played at once, blocking, and the seller's and buyers' choices.
EAGER = "heuristic:borrow=true,good_worth=8,thief_worth=10,treasury_min=0"
BLOCKER = "heuristic:block=1.0,accept_at=0"


def explained_games(players: int, games: int) -> Iterator[tuple[Bot, Any, str, str]]:
    """(bot, action, English reason, French reason) of every decision of ``games`` games per
    variant set (none, each variant alone, all at once), heuristic bots among random ones."""
    for variants in variant_sets(players, 13, seed=3):
        opener = 1 if "winner_opens" in variants else None
        game = tradekit.load_game("negoces", players=players, variants=variants, opener=opener)
        lineup = [EAGER, BLOCKER, "heuristic", *["random"] * (players - 3)]
        for seed in range(games):
            state = game.new_state(seed=seed)
            bots = [
                make_bot("negoces", lineup[(seat + seed) % players]).for_game(
                    game, seat, np.random.default_rng([seed, seat])
                )
                for seat in range(players)
            ]
            while not state.is_over:
                seat = state.to_move[0]
                bot = bots[seat]
                action = bot.act(state.view(seat), state.legal_actions(seat))
                state.apply(seat, action)
                yield bot, action, bot.explain(), bot.explain("fr")


def test_every_decision_of_every_bot_is_explained_in_one_sentence() -> None:
    # The English text is the one the bots gave before it came from the catalogue (checked on
    # 413,811 decisions of 1,536 games when the messages were written); here: each reason is one
    # plain sentence, every field filled in, and the heuristic's comes from the catalogue.
    seen: Counter[str] = Counter()
    for bot, _, en, fr in explained_games(4, 2):
        seen[bot.name] += 1
        assert en == bot.explain("en")
        assert en.endswith(".") and "\n" not in en and len(en) < 260, en
        assert not re.search(r"[{}]|negoces\.bot\.", en + fr), (en, fr)
        if isinstance(bot, NegocesHeuristicBot):
            assert isinstance(bot.reason, Said) and bot.reason.key.startswith("negoces.bot.")
            assert fr.endswith(".") and "\n" not in fr, fr
    assert set(seen) == set(bot_classes("negoces")), seen  # every bot class took part


@pytest.mark.slow
def test_every_reason_reads_in_french_too() -> None:
    # Every kind of reason (its message key) met in play reads in French: another sentence, with
    # French seat names, decimal commas and no English field or name left.
    english_goods = {"Jewels", "Coffee", "Cigars", "Ivory", "Books", "Honey", "Perfume", "Silk"}
    english_goods |= {"Tea", "Wine", "Spices", "Diamond", "Thief", "Guard", "Sacred texts"}
    seen: dict[str, tuple[str, str]] = {}
    for players in (3, 4, 6):
        for bot, _, en, fr in explained_games(players, 2):
            if not isinstance(bot, NegocesHeuristicBot):
                continue
            assert isinstance(bot.reason, Said)
            key = bot.reason.key
            assert en != fr, key
            assert not re.search(r"\d\.\d", fr), (key, fr)  # 3,0 pièces, not 3.0
            assert not re.search(r"\bP\d", fr), (key, fr)  # J2, not P2
            assert not english_goods & set(re.findall(r"[A-Z][a-z]+(?: texts)?", fr)), fr
            seen.setdefault(key, (en, fr))
    # the common decisions all occurred (the rare ones are formatted below)
    common = {"bid", "pass", "put_up.spare", "offered.raise", "offered.wins", "wait"}
    common |= {"accept.best", "accept.win", "no_offer.not_needed", "ask_to_show", "no_swap"}
    common |= {"steal", "loan", "repay", "treasurer", "temple", "give", "miser.beaten"}
    assert {f"negoces.bot.{k}" for k in common} <= seen.keys(), sorted(seen)
    assert seen["negoces.bot.bid"][1].startswith("Le ")  # "Le Diamant vaut …"


def test_every_message_exists_in_english_and_french() -> None:
    # The keys the bot builds from parts (offered.<why>, paid.<what it holds>, ...) are all
    # there, and each message formats in both languages with the same fields.
    whys = [f"{w}{b}" for w in ("short", "wins", "raise", "most") for b in ("", "_blocked")]
    nothing = ("not_worth", "seller_wins", "not_needed", "too_dear")
    paid = [
        "_".join(p for p in (card, coins, loan) if p)
        for card in ("card", "hidden", "")
        for coins in ("coins", "")
        for loan in ("loan", "")
        if card or coins
    ]
    built = [f"offered.{w}" for w in whys] + [f"kept.{w}" for w in whys]
    built += [f"{a}.{n}" for a in ("withdraw", "no_offer") for n in nothing]
    built += [f"offer.{c}{s}" for c in ("card", "spare") for s in ("", "_coins", "_back")]
    built += ["offer.coins", "paid.none", *(f"paid.{p}" for p in paid)]
    built += ["sell_inactive.no_duplicate", "sell_inactive.short", "swap.held", "swap.spare"]
    mine = {k for k in keys() if k.startswith("negoces.bot.")}
    assert {f"negoces.bot.{k}" for k in built} <= mine
    assert len(mine) == 72
    for key in sorted(mine):
        english, french = fields_of(t(key, "en")), fields_of(t(key, "fr"))
        # each language names goods and offers with its own fields
        assert not any(n.endswith("_fr") for n in english) and not any(
            n.endswith("_en") for n in french
        ), key
        # both quote the same numbers
        assert {n for n in english if n[-3:] not in ("_en", "_fr")} == {
            n for n in french if n[-3:] not in ("_en", "_fr")
        }, key
        fields: dict[str, Any] = {}
        for name, spec in english.items() | french.items():
            if spec.endswith("f"):
                fields[name] = 2.5
            elif name.endswith(("_en", "_fr")):
                fields[name] = f"<{name}>"  # a name or an offer in words
            else:
                fields[name] = 2
        en, fr = said(key, **fields).text(), said(key, **fields).text("fr")
        assert en != fr and "{" not in en + fr and "}" not in en + fr, key
        assert not re.search(r"\d\.\d", fr), (key, fr)


def fields_of(template: str) -> dict[str, str]:
    """The fields of a message and their format specs."""
    return {name: spec or "" for _, name, spec, _ in string.Formatter().parse(template) if name}


def test_repaying_the_only_loan_wins_at_once() -> None:
    # P0: 7 different goods and 15 coins, but a loan card: repaying it leaves 10 coins, the goal.
    hands = [[0, 4, 8, 12, 16, 20, 48], [9, 10, 13, 14, 17, 18], [1, 2, 5, 6, 21, 22]]
    state = scripted(variants="bank", hands=hands, coins=[15, 15, 15], loans=[1, 0, 0])
    seat, action, why = step(state, seat_bots(state))
    assert (seat, action) == (0, RepayLoan())
    assert why == ("With 7 different goods and 10 coins left I reach the goal and win at once.")
    assert state.winner == 0 and state.log[-1].data["by"] == "repay"
    again = scripted(variants="bank", hands=hands, coins=[15, 15, 15], loans=[1, 0, 0])
    bot = seat_bots(again)[0]
    bot.act(again.view(0), again.legal_actions(0))
    assert bot.explain("fr") == (
        "Avec 7 marchandises différentes et 10 pièces restantes, j'atteins le but et je gagne "
        "aussitôt."
    )
