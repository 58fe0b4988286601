"""The game-over banner's ledger lines: each seat's money from its start to its end, summed by
kind of payment (not by the phase it was paid in), in English and French, and only once the
viewer's view shows every final score."""

from __future__ import annotations

import re

import pytest

import tradekit
from tradekit.render import PAYMENT_KINDS, Renderer, end_ledger, render, renderer_for
from tradekit.sim.play import play

PLAYERS = {"turin": 3, "medici": 3, "rungis": 4, "negoces": 4}
#: The kinds of payment each game's bots pay in a few games (every one of its ledger's reasons
#: falls in one of them: none is "other").
KINDS = {
    "turin": {"auction", "loan", "payout"},
    "medici": {"auction", "payout"},
    "rungis": {"auction", "trade", "payout"},
    "negoces": {"auction", "trade"},
}
WORDS = {
    "en": {
        "auction": "bids and auctions",
        "trade": "purchases and sales",
        "loan": "loans and repayments",
        "payout": "majorities and payouts",
        "other": "other payments",
    },
    "fr": {
        "auction": "enchères",
        "trade": "achats et ventes",
        "loan": "prêts et remboursements",
        "payout": "majorités et primes",
        "other": "autres paiements",
    },
}
START = {
    "en": r"(P\d): started with (-?\d+) · (.*) → (−?\d+)",
    "fr": r"(J\d) : départ (-?\d+) · (.*) → (−?\d+)",
}


def finished(name: str, seed: int) -> tradekit.core.state.State:  # type: ignore[name-defined]
    return play(tradekit.load_game(name, players=PLAYERS[name]), "heuristic", seed=seed).state


@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_every_reason_of_a_game_has_its_kind(name: str) -> None:
    seen = set()
    for seed in range(3):
        seen |= {renderer_for(name).payment_kind(t) for t in finished(name, seed).ledger}
    assert seen == KINDS[name]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(PLAYERS))
def test_the_banner_sums_each_seat_by_kind_from_its_start_to_its_end(name: str, lang: str) -> None:
    state = finished(name, 1)
    out = render(state, 0, lang)
    banner = out[out.index('data-section="game-over"') :]
    lines = re.findall(r"<li>([^<]*)</li>", banner)
    assert len(lines) == state.game.num_players
    names = {v: k for k, v in WORDS[lang].items()}
    for seat, line in enumerate(lines):
        match = re.fullmatch(START[lang], line)
        assert match, line
        assert match[1] == tradekit.i18n.seat_label(seat, lang)
        assert int(match[2]) == state.initial_money[seat]
        assert int(match[4].replace("−", "-")) == state.money()[seat]
        by_kind = {}
        for item in match[3].split(" · "):
            words, amount = item.rsplit(" ", 1)
            by_kind[names[words]] = int(amount.replace("−", "-"))
        assert list(by_kind) == [k for k in PAYMENT_KINDS if k in by_kind]  # grouped, in order
        nets: dict[str, int] = {}
        for t in state.ledger:
            kind = renderer_for(name).payment_kind(t)
            if seat in (t.payer, t.payee):
                sign = -1 if t.payer == seat else 1
                nets[kind] = nets.get(kind, 0) + sign * t.amount
        assert by_kind == {k: v for k, v in nets.items() if v}


def test_no_ledger_while_the_game_goes_on_or_a_score_is_hidden() -> None:
    state = tradekit.load_game("turin", players=3, public_money=False).new_state(seed=3)
    assert end_ledger(state, 0) is None and 'class="tk-ledger"' not in render(state, 0)

    class Hidden:  # a view that still hides a seat's score at the end
        phase = "over"
        scores = (3, None, 5)

    over = finished("turin", 2)
    assert end_ledger(over, 0) is not None
    over.view = lambda viewer: Hidden()  # type: ignore[method-assign,misc,assignment]
    assert end_ledger(over, 0) is None


def test_the_kind_is_the_one_the_rules_gave_never_read_from_the_words() -> None:
    # Each payment names its kind where the rules move the money: the banner never reads the
    # English words of its reason (a reason that speaks of a loan may be a sale).
    kind = Renderer().payment_kind
    T = tradekit.core.events.Transfer
    assert kind(T(3, 0, 1, "sold parfum to P2 for a card and coins", 2, "sale", "trade")) == "trade"
    assert kind(T(3, 0, "bank", "loan repaid: 15", 5, "scoring", "payout")) == "payout"
    assert kind(T(3, 0, 1, "a gift")) == "other"  # a transfer made without a kind
    for name in sorted(PLAYERS):
        ledger = finished(name, 0).ledger
        assert ledger and all(t.kind in PAYMENT_KINDS for t in ledger)
