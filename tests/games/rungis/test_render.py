"""Rungis's renderer: each view shows exactly what its viewer may know, in both languages."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import tradekit
from tests.conftest import Corpus
from tests.helpers import cards_shown, random_game
from tradekit.games.rungis import (
    Announce,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Price,
    Propose,
    RungisState,
    Terms,
)
from tradekit.games.rungis.render import RungisRenderer
from tradekit.i18n import LANGS
from tradekit.render import Context, render, render_log, renderer_for

RENDERER = RungisRenderer()
FRUIT, EGGS, CHEESE, FISH, MEAT = 1, 13, 25, 37, 43


def new(players: int = 3, seed: int = 1, **setup: Any) -> RungisState:
    options = setup.pop("options", {})
    game = tradekit.load_game("rungis", players=players, **options)
    state = game.new_state(seed=seed, setup=setup or None)
    assert isinstance(state, RungisState)
    return state


def test_registered_renderer_is_rungis() -> None:
    assert isinstance(renderer_for("rungis"), RungisRenderer)


def test_special_cards_in_hand_are_shown_to_their_owner_only() -> None:
    state = new(deck=[MEAT, FRUIT, EGGS], hands=[[55, 69], [71], []])
    assert cards_shown(render(state, 0)) == {55, 69, MEAT, FRUIT, EGGS}
    assert cards_shown(render(state, 1)) == {71, MEAT, FRUIT, EGGS}
    assert cards_shown(render(state, None)) == {MEAT, FRUIT, EGGS}
    public = render(state, None)
    assert public.count('class="tk-back"') == 3  # two in P0's hand, one in P1's
    assert "Lorry drivers&#x27; strike" in render(state, 0)
    assert "Lorry drivers" not in public


def test_face_down_centre_cards_are_backs_except_for_the_teacher() -> None:
    state = new(deck=[MEAT, 49, FRUIT, FISH, 50], hands=[[], [], []])
    for viewer in (0, 1, None):
        html = render(state, viewer)
        assert cards_shown(html) == {MEAT, FRUIT}
        assert "a face-down special card" in html
    teacher = render(state, "all")
    assert {MEAT, FRUIT, 49} <= cards_shown(teacher)
    assert "No delivery" in teacher
    deck = set(state.deck)
    assert deck == {FISH, 50} and deck <= cards_shown(teacher)  # the teacher sees the deck
    assert not deck & cards_shown(render(state, 0))


def test_the_auction_in_progress() -> None:
    state = new(options={"specials": False}, deck=[MEAT, FRUIT, EGGS])
    state.apply(0, Designate(0))
    state.apply(0, Bid(6))
    html = render(state, None)
    assert "for sale: #43 Meat (base 5)" in html
    assert "high bid 6 by P1" in html and "to speak: P2" in html
    assert 'data-section="auction"' in html and "designated" in html
    assert 'data-step="bid"' in html and 'data-phase="rungis"' in html
    assert "Rungis (auctions): auction" in html


def pricing_table(**setup: Any) -> RungisState:
    return new(
        options={"specials": True},
        deck=[],
        rounds=1,
        shops=[[CHEESE], [CHEESE + 1, CHEESE + 2], [FISH]],
        **setup,
    )


def test_price_sheets_are_hidden_until_the_reveal() -> None:
    state = pricing_table()
    state.apply(0, Announce("cheese", 6))
    state.apply(1, Announce("cheese", 6))
    state.apply(2, Done())
    assert "announced Cheese 6" in render(state, None)
    state.apply(1, Price("cheese", 5))
    seat1, seat0 = render(state, 1), render(state, 0)
    assert "sheet: Cheese 5" in seat1 and "→ 5" in seat1
    assert "sheet: Cheese 5" not in seat0 and "→ 5" not in seat0
    assert "has written" in seat0 and "writing…" in seat0
    assert "sheet: Cheese 5" in render(state, "all")
    state.apply(0, Price("cheese", 6))
    state.apply(2, Price("fish", 8))
    html = render(state, None)  # revealed and sold: every sheet is public
    assert "sheet: Cheese 5" in html and "sheet: Cheese 6" in html
    assert 'data-section="sales"' in html and "lowest (+2)" in html


def test_a_rumour_shows_its_target_sheet_to_its_player_only() -> None:
    state = pricing_table(hands=[[67], [], []])
    state.apply(0, Play(67, player=1))
    state.apply(0, Done())
    state.apply(1, Done())
    state.apply(2, Done())
    state.apply(1, Price("cheese", 4))
    assert "sheet: Cheese 4" in render(state, 0)
    assert "sheet: Cheese 4" not in render(state, 2)
    assert "waits (Rumour)" not in render(state, 0)  # P0 may write now
    html = render(state, None)
    assert "P1 will see P2&#x27;s price sheet" in html  # the effect is public


def test_trading_proposal_is_public() -> None:
    state = new(
        options={"specials": False, "trading": True},
        deck=[],
        rounds=1,
        shops=[[FISH], [MEAT], []],
    )
    state.apply(0, Propose(1, "fish", "meat"))
    state.apply(0, Terms(3))
    html = render(state, 2)
    assert "P1 → Propose to P2: gives one Fish, takes one Meat, P1 pays 3 gold" in html
    assert "P1 → Proposer à J2" not in html
    assert "Proposer à J2 : donne un(e) Poissons" in render(state, 2, "fr")


@pytest.mark.parametrize("lang", LANGS)
def test_names_come_from_the_tables(lang: str) -> None:
    state = new(deck=[MEAT, FRUIT, EGGS], hands=[[55], [], []])
    html = render(state, 0, lang=lang)
    tables = state.tables
    for article in tables.articles:
        assert (article.name_fr if lang == "fr" else article.name_en) in html
    special = tables.special_by_card[55]
    assert (special.name_fr if lang == "fr" else special.name_en).replace("'", "&#x27;") in html
    assert ("Manche 1 sur 10" in html) == (lang == "fr")


def test_game_over_shows_scores_and_winners() -> None:
    state = random_game("rungis", 5, players=3)
    html = render(state, None)
    assert 'data-phase="over"' in html and "Winner" in html
    for score in state.scores():
        assert f"Final score: {score}" in html


def public_cards(state: RungisState) -> set[int]:
    shown = {c for shop in state.shops for c in shop}
    shown |= {c for c in state.centre if c not in state.kind_of}
    return shown | set(state.played) | set(state.removed)


@pytest.mark.parametrize("players", [3, 5, 8])
@pytest.mark.parametrize("trading", [False, True])
def test_views_never_show_hidden_cards(players: int, trading: bool) -> None:
    for seed in range(3):
        for steps in (0, 40, 150, 400):
            state = random_game("rungis", seed, steps, players=players, trading=trading)
            public = public_cards(state)
            for seat in range(players):
                shown = cards_shown(render(state, seat))
                assert shown <= public | set(state.hands[seat]), (seed, steps, seat)
                assert set(state.hands[seat]) <= shown
            assert cards_shown(render(state, None)) == public, (seed, steps)
            everything = set(state.all_cards()) - set(state.unused)
            assert cards_shown(render(state, "all")) == everything, (seed, steps)


@pytest.mark.slow
def test_other_seats_prices_never_leak_before_the_reveal() -> None:
    checked = 0
    for seed in range(12):
        game = tradekit.load_game("rungis", players=4)
        state = game.new_state(seed=seed)
        assert isinstance(state, RungisState)
        rng = random.Random(seed)
        while not state.is_over:
            if state.step == "prices" and state.sheets:
                for seat in range(4):
                    html = render(state, seat)
                    for owner, sheet in state.sheets.items():
                        rest = html.split(f'data-seat="{owner}"', 1)[1]
                        panel = re.split(r'data-seat="|data-section="market"', rest)[0]
                        visible = owner == seat or state._sheet_visible(owner, seat)
                        assert ("sheet:" in panel) == bool(visible and sheet), (seat, owner)
                        checked += 1
                    # The market grid shows a written price ("→ 5") only where it is visible.
                    market = html.split('data-section="market"', 1)[1]
                    shown = sum(
                        len(sheet)
                        for owner, sheet in state.sheets.items()
                        if owner == seat or state._sheet_visible(owner, seat)
                    )
                    assert market.count("→ ") == shown
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 50


def test_scripted_events_are_narrated() -> None:
    state = new(deck=[MEAT, 49, FRUIT], hands=[[55], [], []], gold=[5, 6, 7], first=1)
    for lang in LANGS:
        ctx = Context(state.game, lang)
        assert all(RENDERER.narrate_known(e, ctx) is not None for e in state.log)
    lines = [RENDERER.narrate(e, Context(state.game, "fr")) for e in state.log]
    assert (
        "Mise en place imposée : or J1 5, J2 6, J3 7 ; premier acheteur de la manche 1 : J2."
        in (lines)
    )
    assert "Centre : #43 Viandes (base 5), une carte spéciale cachée, #1 Fruits (base 1)." in lines


def test_narration_of_a_round_in_french() -> None:
    state = new(options={"specials": False}, deck=[MEAT, FRUIT, EGGS], rounds=1)
    state.apply(0, Designate(0))
    state.apply(0, Bid(5))
    state.apply(1, Bid(6))
    state.apply(2, Pass())
    state.apply(0, Pass())
    ctx = Context(state.game, "fr")
    lines = [RENDERER.narrate(e, ctx) for e in state.visible_log(None)]
    assert "J1 désigne #43 Viandes (base 5)." in lines
    assert "J2 enchérit à 6." in lines
    assert "J2 achète #43 Viandes (base 5) pour 6 or." in lines
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[-1] if isinstance(legal[-1], Price) else legal[0])
    lines = [RENDERER.narrate(e, ctx) for e in state.visible_log(None)]
    assert any(line.startswith("Feuilles de prix révélées : ") for line in lines)
    assert any(line.startswith("Viandes : J2 moins cher (+2) gagne 12") for line in lines)
    assert any(line.startswith("Scores finaux : ") for line in lines)


def test_effects_of_special_cards_are_narrated_with_their_targets() -> None:
    state = pricing_table(hands=[[55], [71], []])
    state.apply(0, Play(55, article="fish"))
    ctx = Context(state.game, "en")
    assert RENDERER.narrate(state.log[-1], ctx) == (
        "#55 Lorry drivers' strike: nobody sells Fish this round."
    )
    assert RENDERER.narrate(state.log[-2], ctx) == "P1 plays #55 Lorry drivers' strike on Fish."
    fr = Context(state.game, "fr")
    assert RENDERER.narrate(state.log[-1], fr) == (
        "#55 Grève des routiers : personne ne vend de Poissons cette manche."
    )


def test_log_html_groups_rounds_and_escapes() -> None:
    state = new(options={"specials": False}, deck=[MEAT, FRUIT, EGGS])
    ctx = Context(state.game, "en", ("<Ada>", "Bob", "Cy"))
    html = render_log(list(enumerate(state.visible_log(None))), ctx, {0: ["note <b>"]})
    assert "&lt;Ada&gt; takes the First Buyer card" in html and "<Ada>" not in html
    assert "Round 1" in html and "note &lt;b&gt;" in html


def test_action_labels_in_both_languages(corpus: Corpus) -> None:
    seen: set[str] = set()
    for seed in range(4):
        state = corpus.game("rungis", seed, players=4, trading=True)
        en, fr = Context(state.game, "en"), Context(state.game, "fr")
        for _, action in state.decisions:
            english = RENDERER.action_label(action, None, en)
            assert english and english != RENDERER.action_label(action, None, fr), action
            seen.add(type(action).__name__)
    assert {"Designate", "Bid", "Pass", "Play", "Done", "Announce", "Propose", "Terms"} <= seen
    assert {"Price", "Accept", "Refuse"} <= seen
    state = new(options={"specials": False}, deck=[MEAT, FRUIT, EGGS])
    view = state.view(0)
    en, fr = Context(state.game, "en"), Context(state.game, "fr")
    assert RENDERER.action_label(Designate(0), view, en) == "Designate #43 Meat (base 5)"
    assert RENDERER.action_label(Designate(0), None, en) == "Designate centre card 1"
    assert RENDERER.action_label(Bid(6), view, fr) == "Enchérir à 6"
    assert RENDERER.action_label(Price("fish", 6), view, en) == "Price Fish at 6"
    assert RENDERER.action_label(Terms(-2), None, fr) == "L'autre joueur me paie 2 or"
