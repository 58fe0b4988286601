"""The Medici heuristic bot: transcripts of its decisions, legality, and its margin over random.

Each transcript starts from a scripted set-up (``MediciState``'s ``setup``) and reads like a small
story of a table. Cards (``data/medici/cards.csv``): metal 1-7, porcelain 8-14, dye 15-21,
cloth 22-28, spices 29-35, each good valued 0, 1, 2, 3, 4, 5, 5 in that order; 36 is the neutral
10. Seats are clockwise: the active player's left neighbour speaks first, the active player last.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from typing import Any

import numpy as np
import pytest

import tradekit
from tests.helpers import at_most_calls
from tradekit import ConfigError
from tradekit.bots import Bot, Said, bot_classes, make_bot
from tradekit.games.medici import Auction, Bid, MediciGame, MediciState, Pass, Turn
from tradekit.games.medici.bots import MediciHeuristicBot, expected_reward
from tradekit.i18n import keys, t
from tradekit.sim import play, run, simulate

#: A pile that starts with the neutral 10 and goes on with low cards of every good.
TEN_FIRST = [36, 1, 8, 15, 22, 29, 2, 9, 16, 23, 30, 3, 10, 17, 24, 31, 4, 11]


def new_state(players: int = 3, **setup: Any) -> MediciState:
    state = tradekit.load_game("medici", players=players).new_state(seed=1, setup=setup)
    assert isinstance(state, MediciState)
    return state


def decide(state: MediciState, seat: int, **params: Any) -> tuple[Any, str, dict[str, float]]:
    """What a fresh heuristic bot at ``seat`` does now: (action, explanation, notes)."""
    bot = MediciHeuristicBot(**params).for_game(state.game, seat, np.random.default_rng(seat))
    action = bot.act(state.view(seat), state.legal_actions(seat))
    assert action in state.legal_actions(seat)
    return action, bot.explain(), bot.notes


# -- transcripts ---------------------------------------------------------------------------------
def test_the_neutral_ten_is_auctioned_at_once_and_the_last_speaker_wins_it_cheaply() -> None:
    # P0 turns the neutral 10: worth about 23 florins to everyone (ship rank only), too good to
    # risk on another card.
    state = new_state(piles=[TEN_FIRST])
    action, why, notes = decide(state, 0)
    assert action == Auction()
    assert why.startswith("It is worth 23.") and why.endswith("another card.")
    assert notes["ladder"] == 0.0 and notes["valuation"] == notes["ship"] > 20
    state.apply(0, Auction())
    # P1 speaks first: someone after it could still outbid, so it shades: 60% of 23.5 = 14.
    action, why, notes = decide(state, 1, jitter=0)
    assert action == Bid(14) and notes["last"] == 0.0
    assert why == (
        "The lot is worth 23.5 florins to me in ship and ladder prospects, and I bid "
        "about 60% of that."
    )
    # Suppose P1 bid only 5 and P2 passed: P0 speaks last and needs only 6.
    state.apply(1, Bid(5))
    state.apply(2, Pass())
    action, why, notes = decide(state, 0)
    assert action == Bid(6) and notes["last"] == notes["sure"] == 1.0
    assert why == (
        "I speak last, so one more than the high bid wins a lot worth 23.5 florins to me."
    )
    state.apply(0, Bid(6))
    assert state.warehouses[0] == [36] and state.wealth == [34, 40, 40]


def test_a_bid_nobody_after_can_beat_is_just_above_the_richest_later_speaker() -> None:
    state = new_state(wealth=[3, 40, 2], piles=[TEN_FIRST])
    state.apply(0, Auction())
    action, why, notes = decide(state, 1)
    assert action == Bid(4) and notes["sure"] == 1.0 and notes["last"] == 0.0
    assert why.startswith("Nobody after me holds more than 3 florins, and the lot is worth")


def test_it_spends_at_most_its_share_of_florins_on_one_lot() -> None:
    state = new_state(wealth=[10, 40, 40], piles=[TEN_FIRST])
    state.apply(0, Auction())
    state.apply(1, Bid(6))
    state.apply(2, Pass())
    action, why, notes = decide(state, 0)  # max_share 0.5 of 10 florins: 5 at most
    assert action == Pass() and notes["cap"] == 5.0
    assert why.endswith("but I spend at most 5 florins on one lot and the lowest bid is 7.")
    bold, why, _ = decide(state, 0, max_share=1.0)
    assert bold == Bid(7) and why.startswith("I speak last")


def test_a_worthless_card_is_not_auctioned_alone_but_turned_on() -> None:
    # A metal 0 early in round 1 fills a warehouse slot for nothing (it only leads the metal
    # ladder): a lot worth less than nothing, and one more card is worth more on average.
    state = new_state(piles=[[1, 36, *TEN_FIRST[2:]]])
    action, why, notes = decide(state, 0)
    assert action == Turn()
    assert notes["valuation"] < 0 < notes["ladder"] and notes["expected"] > notes["valuation"]
    assert why.startswith("The lot is worth -6.1 florins to me, and")
    # The turned card is the neutral 10: now the lot is worth auctioning.
    state.apply(0, Turn())
    assert state.lot == [1, 36]
    action, why, notes = decide(state, 0)
    assert action == Auction() and notes["valuation"] >= 20
    # With a turn limit of one card it would have auctioned the metal 0 as it was.
    cautious = new_state(piles=[[1, 36, *TEN_FIRST[2:]]])
    action, why, _ = decide(cautious, 0, turn_limit=1)
    assert action == Auction()
    assert why.startswith("I turn at most 1 card, and these are worth -6.1")


def test_it_stops_turning_when_one_more_card_would_not_fit() -> None:
    state = new_state(
        warehouses=[[2, 9, 16, 23], [], []], piles=[[5, 36, 8, 15, 22, 29, 3, 10, 17, 24]]
    )
    action, why, _ = decide(state, 0)
    assert action == Auction()
    assert why == ("One more card would not fit in my warehouse (1 place left).")


def test_the_monopoly_bonus_in_reach_is_worth_ten_florins_on_the_ladder() -> None:
    # Round 3: P0 stands on space 5 of the dye ladder. One dye card takes it to space 6 and its
    # monopoly bonus of 10 (paid at the end of this last round), on top of the first place.
    near = new_state(round=3, ladders={"dye": [5, 0, 0]}, piles=[[15, 36, 8, 1, 22, 29, 3]])
    far = new_state(round=3, ladders={"dye": [1, 0, 0]}, piles=[[15, 36, 8, 1, 22, 29, 3]])
    _, _, near_notes = decide(near, 0)
    _, _, far_notes = decide(far, 0)
    assert near_notes["ship"] == far_notes["ship"]  # the same dye 0 for the ship
    assert 10.0 <= near_notes["ladder"] < 11.0  # the bonus, and a first place already held
    assert far_notes["ladder"] < 5.0  # only a firmer first place on the dye ladder


def test_every_card_counts_for_the_ship_at_the_end_of_a_round() -> None:
    # Two cards left: the spices 5 in P0's lot is worth far more to the ship than early in a
    # round, when an average card could still fill the slot.
    late = new_state(warehouses=[[1, 8, 15, 22], [2, 9, 16, 23], [3, 10, 17]], piles=[[34, 4]])
    early = new_state(piles=[[34, *TEN_FIRST]])
    _, _, late_notes = decide(late, 0)
    _, _, early_notes = decide(early, 0)
    assert late_notes["ship"] > 10 > early_notes["ship"]
    late.apply(0, Auction())
    action, why, notes = decide(late, 1, jitter=0)
    assert action == Bid(round(0.6 * notes["valuation"]))
    assert why.endswith("and I bid about 60% of that.")


def test_a_lot_worth_nothing_is_passed() -> None:
    # Round 1 has just begun: a lot of three zero cards would fill three slots for 0 points.
    state = new_state(piles=[[1, 8, 15, 36, 22, 29, *TEN_FIRST[6:]]])
    state.apply(0, Turn())
    state.apply(0, Turn())
    state.apply(0, Auction())
    action, why, notes = decide(state, 1)
    assert action == Pass() and notes["valuation"] <= 0
    assert why.startswith("The lot is worth nothing to me (")


def test_a_whole_round_of_heuristics_reads_like_a_story() -> None:
    game = tradekit.load_game("medici", players=3)
    played = play(game, "heuristic", seed=2026)
    lines = played.explain(seat=0)
    assert lines[0].startswith(
        "Round 1, Turning cards: P1 (heuristic) chose “Turn the next card”. "
    )
    assert all(line.endswith(".") for line in lines)
    assert any("I speak last" in line for line in played.explain())
    assert {d.action.__class__ for d in played.decisions} == {Turn, Auction, Bid, Pass}


# -- explanations in English and French ---------------------------------------------------------
#: Every message of the bot (the catalogue is filled when tradekit.games.medici.bots is imported).
MESSAGES = [k for k in keys() if k.startswith("medici.bot.")]
#: Messages whose French spells out the number one ("au plus une carte", "plus d'un florin").
SPELLED_ONE = {"medici.bot.auction_limit_one", "medici.bot.bid_richest_one"}
#: A number as printed: English "-6.1", "60%"; French "-6,1", "60 %".
NUMBER = re.compile(r"-?\d+(?:[.,]\d+)?")


def test_the_transcript_in_french() -> None:
    # The opening of the neutral-ten story, as the table widget shows it in French.
    state = new_state(piles=[TEN_FIRST])
    bot = MediciHeuristicBot().for_game(state.game, 0, np.random.default_rng(0))
    bot.act(state.view(0), state.legal_actions(0))
    value = f"{bot.notes['valuation']:.1f}"
    assert bot.explain("en") == (
        f"It is worth {value} florins to me, too good to risk on another card."
    )
    assert bot.explain("fr") == (
        f"Il vaut {value.replace('.', ',')} florins pour moi, bien "
        "trop pour le risquer sur une carte de plus."
    )
    state.apply(0, Auction())
    bot = MediciHeuristicBot(jitter=0).for_game(state.game, 1, np.random.default_rng(1))
    assert bot.act(state.view(1), state.legal_actions(1)) == Bid(14)
    assert bot.explain("fr") == (
        "Le lot vaut 23,5 florins pour moi en gains attendus (navire et échelles), et j'en offre "
        "environ 60 %."
    )


def test_french_says_florin_in_the_singular_below_two() -> None:
    # P1 speaks first; after it P2 and P0 hold 1 florin each: bidding 2 cannot be beaten.
    state = new_state(wealth=[1, 40, 1], piles=[TEN_FIRST])
    state.apply(0, Auction())
    action, why, _ = decide(state, 1)
    assert action == Bid(2)
    assert why.startswith("Nobody after me holds more than 1 florin, and the lot is worth")
    bot = MediciHeuristicBot().for_game(state.game, 1, np.random.default_rng(1))
    bot.act(state.view(1), state.legal_actions(1))
    assert bot.explain("fr").startswith("Personne après moi n'a plus d'un florin, ")
    # A metal 0 early in a round is worth less than nothing: -6,1 florins.
    state = new_state(piles=[[1, 36, *TEN_FIRST[2:]]])
    bot = MediciHeuristicBot(turn_limit=1).for_game(state.game, 0, np.random.default_rng(0))
    bot.act(state.view(0), state.legal_actions(0))
    assert bot.explain("fr") == (
        "Je retourne au plus une carte, et ce lot vaut -6,1 florins pour moi."
    )


def test_nothing_to_weigh_outside_turning_and_bidding() -> None:
    # Never asked in practice (nobody acts at scoring), but the sentence exists in both languages.
    state = new_state(piles=[TEN_FIRST])
    view = dataclasses.replace(state.view(0), phase="scoring")
    bot = MediciHeuristicBot().for_game(state.game, 0, np.random.default_rng(0))
    assert bot.act(view, [Turn()]) == Turn()
    assert bot.explain() == "There is nothing to weigh at this point of the game."
    assert bot.explain("fr") == "Il n'y a rien à peser à ce moment de la partie."


def test_every_message_has_both_languages_in_french_typography() -> None:
    assert len(MESSAGES) >= 15
    for key in MESSAGES:
        en, fr = t(key, "en"), t(key, "fr")
        assert en and fr and en != key and en != fr, key
        # French says nothing English does not: its fields are English ones, or their French
        # forms (amounts with their unit, "60 %" for "60%").
        en_fields = set(re.findall(r"{(\w+)", en))
        fr_fields = set(re.findall(r"{(\w+)", fr))
        assert fr_fields <= en_fields | {f"{f}_fr" for f in en_fields} | {"percent"}, key
        plain = re.sub(r"{[^}]*}", "0", fr)  # format specs such as {value_fr:.1f} have colons
        assert not re.search(r"[^ ][:;?!%]", plain), (key, fr)
        assert not re.search(r"\b(the|and|to me|worth)\b", plain), (key, fr)


def played_decisions(games: int) -> list[tuple[str, str | None, str, str]]:
    """(bot name, message key or None, English, French) for every decision of ``games`` games
    of every Medici bot class, over every option set, with default and odd parameters."""
    specs = [*bot_classes("medici"), *ODD, "heuristic:turn_limit=2,jitter=0"]
    out: list[tuple[str, str | None, str, str]] = []
    for seed in range(games):
        game = tradekit.load_game("medici", **CONFIGS[seed % len(CONFIGS)])
        n = game.num_players
        field = [specs[(seed + p) % len(specs)] for p in range(n)]
        if seed % 2:
            field[1:] = ["random"] * (n - 1)  # poor rivals: forced passes, cheap sure bids
        bots: list[Bot] = [
            make_bot("medici", spec).for_game(game, p, np.random.default_rng([seed, p]))
            for p, spec in enumerate(field)
        ]
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_move[0]
            bot = bots[seat]
            state.apply(seat, bot.act(state.view(seat), state.legal_actions(seat)))
            why = bot.reason
            key = why.key if isinstance(why, Said) else None
            out.append((bot.name, key, bot.explain("en"), bot.explain("fr")))
    return out


@pytest.mark.slow
def test_every_decision_is_explained_in_english_and_in_french() -> None:
    decisions = played_decisions(48)
    seen: Counter[str] = Counter()
    for name, key, en, fr in decisions:
        assert key is not None, (name, en)  # no bot of Medici gives a plain English string
        assert en != fr, (key, en)
        for text in (en, fr):
            assert "{" not in text and "}" not in text and "medici.bot." not in text, text
            assert text.endswith(".") and "\n" not in text, text
        assert not re.search(r"\d,\d", en), en  # English keeps its decimal point
        assert not re.search(r"\d\.\d", fr), fr  # French has a decimal comma
        if name != "heuristic":
            continue
        seen[key] += 1
        # The same figures in both languages, once the comma is a point again.
        en_numbers = Counter(NUMBER.findall(en))
        fr_numbers = Counter(x.replace(",", ".") for x in NUMBER.findall(fr))
        missing = en_numbers - fr_numbers
        assert not fr_numbers - en_numbers, (en, fr)
        assert not missing or (key in SPELLED_ONE and set(missing) == {"1"}), (en, fr)
        # Florins agree in number in French: singular below two, plural from two.
        for amount, unit in re.findall(r"(-?\d+(?:,\d+)?) (florins?)\b", fr):
            plural = abs(float(amount.replace(",", "."))) >= 2
            assert unit == ("florins" if plural else "florin"), fr
    # Every message but the two rare ones (reached by the transcripts above) comes up in play.
    assert set(seen) | {"medici.bot.nothing", "medici.bot.bid_richest_one"} == set(MESSAGES)
    assert {name for name, *_ in decisions} == set(bot_classes("medici"))


# -- the valuation's pieces --------------------------------------------------------------------
def test_expected_reward_by_rank() -> None:
    rewards = [30, 20, 10, 5, 0]
    assert expected_reward(20, 0.0, [(10, 0.0), (30, 0.0)], rewards) == 20.0
    assert expected_reward(20, 0.0, [], rewards) == 30.0
    assert expected_reward(20, 1.0, [(20, 1.0)], [10, 5]) == pytest.approx(7.5)
    clear = expected_reward(20, 1.0, [(10, 1.0)], rewards)
    blurred = expected_reward(20, 50.0, [(10, 50.0)], rewards)
    assert 30 > clear > blurred > 25
    assert expected_reward(0, 0.0, [(5, 0.0)] * 4, [30, 20, 10, 5, 0]) == 0.0


def walked_reward(
    mine: float, my_var: float, rivals: list[tuple[float, float]], rewards: list[int]
) -> float:
    """The expected reward as first written: the whole distribution walked for every rival."""
    paid = len(rewards)
    while paid and not rewards[paid - 1]:
        paid -= 1
    if not paid:
        return 0.0
    dist = [1.0] + [0.0] * paid
    for score, var in rivals:
        sd = math.sqrt(my_var + var)
        gap = score - mine
        if sd <= 1e-9:
            ahead = 1.0 if gap > 0 else 0.0 if gap < 0 else 0.5
        else:
            z = 1.7 * gap / sd
            ahead = 1.0 / (1.0 + math.exp(-z)) if z > -40 else 0.0
        if ahead <= 0.0:
            continue
        behind = 1.0 - ahead
        for k in range(paid, 0, -1):
            dist[k] = dist[k] * (1.0 if k == paid else behind) + dist[k - 1] * ahead
        dist[0] *= behind
    return sum([dist[k] * rewards[k] for k in range(paid)])


@pytest.mark.parametrize(
    "params",
    [{}, {"aggression": 0.9}, {"label": "mine"}, {"jitter": 0, "future": 0.5, "turn_limit": 2}],
)
def test_the_tag_is_the_one_every_bot_gets(params: dict[str, Any]) -> None:
    # The bot words its tag from its class's parameters read once: the same words as Bot.tag.
    bot = MediciHeuristicBot(**params)
    assert bot.tag == Bot.tag.fget(bot)  # type: ignore[attr-defined]
    bot.aggression = 0.7
    assert bot.tag == Bot.tag.fget(bot)  # type: ignore[attr-defined]


@pytest.mark.parametrize("places", range(9))
def test_expected_reward_is_the_walk_over_the_whole_distribution_to_the_last_bit(
    places: int,
) -> None:
    # The engine keeps the distribution in a few numbers for the tables the game ships and
    # skips what nobody reads: every result must be the plain walk's, bit for bit (the bots'
    # decisions depend on them).
    rng = np.random.default_rng(places)
    for _ in range(300):
        rewards = [int(r) for r in rng.integers(0, 30, places)]
        if places and rng.random() < 0.3:
            rewards[-1] = 0
        mine = float(rng.normal(10, 6)) if rng.random() < 0.8 else float(rng.integers(0, 8))
        rivals = [
            (
                mine if rng.random() < 0.2 else float(rng.normal(10, 6)),
                float(rng.choice([0.0, rng.exponential(3)])),
            )
            for _ in range(int(rng.integers(0, 7)))
        ]
        my_var = float(rng.choice([0.0, rng.exponential(2)]))
        got = expected_reward(mine, my_var, rivals, rewards)
        assert got.hex() == walked_reward(mine, my_var, rivals, rewards).hex()


@pytest.mark.parametrize(
    ("param", "value"),
    [
        ("turn_limit", 0),
        ("turn_limit", True),
        ("stop_value", -1),
        ("aggression", 2.0),
        ("last_margin", 51),
        ("max_share", 0.0),
        ("ship_weight", 6),
        ("future", 1.5),
        ("uncertainty", -0.1),
        ("jitter", 4),
        ("aggression", "high"),
    ],
)
def test_bad_parameters_are_refused_by_name(param: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=param):
        MediciHeuristicBot(**{param: value})
    with pytest.raises(ConfigError):
        make_bot("medici", f"heuristic:{param}={value}")


def test_every_explanation_is_one_sentence_with_its_numbers() -> None:
    result = run("medici", "heuristic", n=6, seed=4, backend="serial", decisions=True)
    d = result.decisions
    assert d is not None
    assert d["why"].str.endswith(".").all() and not d["why"].str.contains("\n").any()
    assert d["why"].str.len().max() < 200
    bids = d[d["kind"] == "Bid"]
    assert bids["valuation"].notna().all() and (bids["amount"] <= bids["wealth"]).all()
    assert (bids["amount"] <= bids["cap"]).all()
    assert (d[d["kind"] == "Turn"]["expected"] > d[d["kind"] == "Turn"]["valuation"]).all()


def test_decisions_are_cheap() -> None:
    game = tradekit.load_game("medici", players=5)
    assert isinstance(game, MediciGame)
    bots = [MediciHeuristicBot().for_game(game, p, np.random.default_rng(p)) for p in range(5)]
    # Counted in function calls, the same on every machine: about 180 a decision, 423 at most
    # in these games (some 60 microseconds on a laptop).
    calls = decisions = 0
    for seed in range(4):
        state = game.new_state(seed=seed)
        while not state.is_over:
            seat = state.to_move[0]
            view = state.view(seat)
            with at_most_calls(2_000) as count:
                action = bots[seat].act(view, ())
            calls += count[0]
            decisions += 1
            state.apply(seat, action)
    assert calls / decisions < 500


# -- legality and strength ---------------------------------------------------------------------
CONFIGS = [
    {"players": n, "reward_table": table} for n in (3, 4, 5, 6) for table in ("1995", "tournament")
]
ODD = [
    "heuristic:turn_limit=1,aggression=1.5,max_share=1.0,jitter=3",
    "heuristic:stop_value=0,uncertainty=0,last_margin=0,ship_weight=0",
    "heuristic:stop_value=100,future=1.0,uncertainty=5,max_share=0.05",
]


@pytest.mark.slow
def test_never_an_illegal_action_in_thousands_of_games() -> None:
    # 8 option sets: 10 games of heuristic bots only (default and odd parameters side by side)
    # and 240 games of one heuristic among random bots (who bid anything and go broke, so the
    # heuristic meets poor rivals, forced passes and free fills): 2,000 games. An illegal action
    # raises BotError naming the bot, the seat and the game seed.
    games = 0
    for i, options in enumerate(CONFIGS):
        game = tradekit.load_game("medici", **options)
        players = game.num_players
        field = ["heuristic", *ODD, "heuristic", "heuristic"][:players]
        table = simulate(game, field, n=10, seed=i, backend="serial")
        games += table["deal"].nunique()
        mixed = [ODD[i % 3] if i % 2 else "heuristic", *["random"] * (players - 1)]
        table = simulate(game, mixed[::-1] if i % 4 < 2 else mixed, n=240, seed=i, backend="serial")
        games += table["deal"].nunique()
    assert games == 2000


# -- measures (tradekit/games/medici/measures.py) --------------------------------------------------
def worked_round() -> MediciState:
    """The notebook's worked example: the end of round 1 with four players, scored."""
    state = new_state(
        players=4,
        warehouses=[[6, 20], [13, 27, 4], [34, 26, 19], [36, 1, 8, 15]],
        piles=[[7, 21, 12, 33, 28, 2]],
    )
    state.apply(0, Turn())
    script = [
        (0, Auction()), (1, Bid(8)), (2, Bid(11)), (0, Bid(12)),
        (1, Auction()), (2, Pass()), (3, Bid(3)), (0, Pass()), (1, Bid(4)),
        (2, Auction()), (3, Bid(5)), (0, Pass()), (1, Pass()), (2, Bid(6)),
        (3, Auction()), (0, Bid(2)), (1, Bid(4)), (2, Pass()), (3, Bid(5)),
        (0, Auction()), (1, Pass()), (2, Pass()), (0, Bid(1)),
    ]  # fmt: skip
    for seat, action in script:
        state.apply(seat, action)
    assert state.round == 2
    return state


def test_measures_of_the_worked_round() -> None:
    from tradekit.games.medici.measures import game_measures, seat_measures

    state = worked_round()
    m = game_measures(state)
    # Ships 21, 17, 17, 15: one tie (P1 and P2 share 20 + 10, nothing lost with four players).
    assert m["ship_ties"] == 1 and m["ship_rounding_lost"] == 0
    # Ladders: metal P1 = P3 second (5 + 0: 2 each, 1 lost), dye P2 = P3 second (1 lost),
    # cloth P1 = P2 = P3 first (10 + 5 + 0: 5 each, nothing lost).
    assert m["ladder_ties"] == 3 and m["ladder_rounding_lost"] == 2 and m["rounding_lost"] == 2
    assert m["lots"] == 5 and m["lot_size"] == pytest.approx(6 / 5)
    assert m["unsold_lots"] == m["unsold_cards"] == 0
    assert m["auction_spend"] == 12 + 4 + 6 + 5 + 1
    assert m["price_per_card"] == pytest.approx(28 / 6)
    assert m["pile_outs"] == 1 and m["free_fills"] == m["free_cards"] == 0
    assert m["monopoly_bonuses"] == m["monopoly_florins"] == 0
    p0 = seat_measures(state, 0)
    assert p0["seat_spend"] == 13 and p0["seat_lots"] == 2 and p0["seat_cards_bought"] == 3
    assert p0["seat_ship_income"] == 30 and p0["seat_ladder_income"] == 20
    assert p0["seat_top_space"] == 3  # metal


def test_free_fills_and_monopoly_bonuses_are_counted() -> None:
    from tradekit.games.medici.measures import game_measures, seat_measures

    state = new_state(
        round=3,
        ladders={"spices": [6, 0, 0]},
        warehouses=[[29, 30, 31], [1, 2, 3, 4, 5], [8, 9, 10, 11, 12]],
        piles=[[32, 33, 34]],
    )
    assert state.is_over  # only P0 had room: it filled its warehouse for free
    m = game_measures(state)
    assert m["free_fills"] == 1 and m["free_cards"] == 2 and m["lots"] == 0
    assert m["monopoly_bonuses"] == 1 and m["monopoly_florins"] == 20  # 6 + 5 spices: space 7
    assert seat_measures(state, 0)["seat_free_cards"] == 2


def test_measures_add_up_over_many_games() -> None:
    result = run("medici", ["heuristic", "random", "heuristic", "random"], n=30, seed=8,
                 backend="serial", decisions={"Bid", "Pass"})  # fmt: skip
    table = result.games
    assert table is not None
    medici = tradekit.load_game("medici")
    assert isinstance(medici, MediciGame)
    rewards = sum(medici.ship_rewards)
    for _, rows in table.groupby("deal"):
        first = rows.iloc[0]
        assert rows["seat_spend"].sum() == first["auction_spend"]
        assert rows["seat_ship_income"].sum() + first["ship_rounding_lost"] == 3 * rewards
        incomes = rows[["seat_ship_income", "seat_ladder_income", "seat_bonus_income"]]
        assert incomes.to_numpy().sum() - first["auction_spend"] == first["money_in"]
    d = result.decisions
    assert d is not None
    won = d[d["won"] == True]  # noqa: E712
    assert (won["kind"] == "Bid").all() and (won["paid"] == won["amount"]).all()
    assert (d[d["won"] == False]["paid"] == 0).all()  # noqa: E712
    sold = table.drop_duplicates("deal")
    assert len(won) == (sold["lots"] - sold["unsold_lots"]).sum()  # one winning bid per sale
    assert d["lot_points"].notna().all() and d["speaks_last"].isin([True, False]).all()


def test_the_rule_choice_is_the_ship_table_at_six_players() -> None:
    from tradekit.sim import rule_choices

    a, b = rule_choices("medici")  # type: ignore[misc]
    assert a == {"players": 6, "reward_table": "1995"}
    assert b == {"players": 6, "reward_table": "tournament"}
    rows = [tradekit.load_game("medici", **c).ship_rewards for c in (a, b)]  # type: ignore[attr-defined]
    assert rows == [(30, 20, 15, 10, 5, 0), (30, 20, 10, 10, 5, 0)]
