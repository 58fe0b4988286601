"""A click on a card of the table plays a legal action (class mode's student page; the widget has
card buttons of its own): for every game, at many positions of seeded random games, each card the
renderer names a click for is drawn on the seat's table, carries exactly that action once marked,
and the action is legal for the seat; no other card is marked, and nobody else gets any. The same
holds for the sections of the table a click plays (Medici's pile)."""

from __future__ import annotations

import html
import json
import re

import numpy as np
import pytest

import tradekit
from tradekit.render import Context, renderer_for
from tradekit.render.parts import playable_cards, playable_sections

#: Random decisions per game and seeds: enough positions that every game reaches the steps where
#: its cards are the controls (Medici's lot, Négoces' hand, Turin's offers, Rungis' specials).
STEPS = 160
SEEDS = (1, 2)
#: Every EVERY-th position is checked (a table is drawn for each seat there).
EVERY = 3


def _positions(name: str):  # type: ignore[no-untyped-def]
    for seed in SEEDS:
        state = tradekit.load_game(name, players=4).new_state(seed=seed)
        rng = np.random.default_rng(seed)
        for step in range(STEPS):
            if state.is_over:
                break
            if step % EVERY == 0:
                yield state
            seat = state.to_move[int(rng.integers(len(state.to_move)))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_clickable_card_and_section_is_drawn_and_plays_a_legal_action(name: str) -> None:
    # Sections: Medici's pile turns its next card; no other game has a section that is a control.
    renderer = renderer_for(name)
    clicked = sections = 0
    for state in _positions(name):
        ctx = Context(state.game)
        for seat in range(state.game.num_players):
            view = state.view(seat)
            legal = state.legal_actions(seat)
            acts = renderer.card_actions(legal, view, ctx)
            parts = renderer.section_actions(legal, view, ctx)
            if seat not in state.to_move:
                assert not parts, (name, seat, parts)
                if not any(type(a) in state.out_of_turn for a in acts.values()):
                    assert not acts, (name, seat, acts)
            drawn = renderer.table(view, ctx)
            marked = playable_cards(
                drawn, {card: json.dumps(a.to_json()) for card, a in acts.items()}
            )
            found = {
                int(card): json.loads(html.unescape(action))
                for card, action in re.findall(r'data-card="(\d+)" data-action="([^"]*)"', marked)
            }
            assert set(found) == set(acts), (name, seat, sorted(found), sorted(acts))
            for card, action in acts.items():
                assert state.can(seat, action), (name, seat, card, action)
                assert found[card] == action.to_json()
            clicked += len(acts)
            marked = playable_sections(
                drawn, {part: json.dumps(a.to_json()) for part, a in parts.items()}
            )
            named = re.findall(r'data-section="([\w-]+)" data-action="([^"]*)"', marked)
            assert sorted(part for part, _ in named) == sorted(parts), (name, seat, named, parts)
            for part, action in named:  # each named section drawn once, with its action
                assert json.loads(html.unescape(action)) == parts[part].to_json()
                assert state.can(seat, parts[part]), (name, seat, part)
            sections += len(parts)
    assert clicked, f"no card of {name} was ever a control in {len(SEEDS)} random games"
    assert bool(sections) == (name == "medici"), (name, sections)
