"""A student's table: own views only, seat saves, Back and "what if" never undo another human,
and no text a student can read names what they may not know (a card offered face down)."""

from __future__ import annotations

import html
import json
from typing import Any

import pytest

import tradekit
from tradekit.core.errors import TradekitError
from tradekit.games.negoces.actions import Offer as NegocesOffer
from tradekit.widgets import ReviewWidget, table


def test_a_table_with_a_human_is_a_students_and_offers_only_its_own_views() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    assert w.mode == "student"
    assert [v for _, v in w.view_switch.options] == ["seat:0", "public"]
    before = w.table.value
    w.set_view("all")
    assert "only your own view" in w.message.value and w.table.value == before
    w.set_view(2)
    assert w.viewer == 0
    w.set_view(None)
    assert w.viewer is None
    assert table("turin", players=3, humans=[], seed=5).mode == "teacher"
    teacher = table("turin", players=3, humans=[0], mode="teacher", seed=5)
    assert len(teacher.view_switch.options) == 5
    with pytest.raises(TradekitError, match="mode must be"):
        table("turin", humans=[0], mode="pupil")


def test_a_students_save_is_their_seat_save() -> None:
    w = table("medici", players=3, humans=[1], seed=4)
    w.play_to_turn()
    w.save_button.click()
    doc = json.loads(w.json_box.value)
    assert doc["holds"] == "seat 1" and "seed" not in doc
    assert w.json_box.value == w.state.to_json(indent=1, viewer=1)
    assert "what you saw" in w.message.value
    assert "P2.json" in w.download.value
    assert tradekit.review(w.json_box.value).view() == w.state.view(1)
    w.set_view(None)
    w.save_button.click()
    assert json.loads(w.json_box.value)["holds"] == "the public"


def _hot_seat() -> object:
    w = table("turin", players=3, humans=[0, 1], seed=3, bots="random-policy")
    assert w.hotseat and w.mode == "student"
    w.handles["reveal"].click()
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()  # P0's sealed offer; now the curtain is down for P1
    assert w.curtain_down()
    return w


def test_hot_seat_save_with_the_curtain_down_holds_only_the_public() -> None:
    w = _hot_seat()
    w.save_button.click()  # type: ignore[attr-defined]
    saved = w.json_box.value  # type: ignore[attr-defined]
    state = w.state  # type: ignore[attr-defined]
    assert json.loads(saved)["holds"] == "the public"
    assert saved == state.to_json(indent=1, viewer=None)
    p0_offer = state.decisions[0][1]
    assert json.dumps(p0_offer.to_json()) not in saved.replace("\n", "").replace(" ", "")
    w.handles["reveal"].click()  # type: ignore[attr-defined]
    w.save_button.click()  # type: ignore[attr-defined]
    assert json.loads(w.json_box.value)["holds"] == "seat 1"  # type: ignore[attr-defined]


def test_hot_seat_back_never_undoes_another_humans_sealed_move() -> None:
    w = _hot_seat()
    state = w.state  # type: ignore[attr-defined]
    before = list(state.decisions)
    w.back_button.click()  # type: ignore[attr-defined]
    assert "Show your cards first" in w.message.value  # type: ignore[attr-defined]
    w.handles["reveal"].click()  # type: ignore[attr-defined]
    w.back_button.click()  # type: ignore[attr-defined]
    assert list(w.state.decisions) == before  # type: ignore[attr-defined]
    offer = next(k for k in w.handles if k.startswith("offer-"))  # type: ignore[attr-defined]
    w.handles[offer].click()  # type: ignore[attr-defined]
    # Both have offered: in the bids P0 is first; its Back would undo P1's offer too.
    if w.curtain_down() and w.acting_human() == 0:  # type: ignore[attr-defined]
        w.handles["reveal"].click()  # type: ignore[attr-defined]
    assert w.acting_human() == 0  # type: ignore[attr-defined]
    decided = list(w.state.decisions)  # type: ignore[attr-defined]
    w.back_button.click()  # type: ignore[attr-defined]
    assert "P2 has decided since" in w.message.value  # type: ignore[attr-defined]
    assert list(w.state.decisions) == decided  # type: ignore[attr-defined]
    w.branch(0)  # type: ignore[attr-defined]
    assert "P2 has decided since" in w.message.value  # type: ignore[attr-defined]
    assert w.main_state is None  # type: ignore[attr-defined]
    # A teacher's table still goes back over anybody's decision.
    teacher = table("turin", players=3, humans=[0, 1], mode="teacher", seed=3, bots="random-policy")
    teacher.reveal()
    teacher.submit(teacher.state.legal_actions(0)[0])
    teacher.reveal()
    teacher.submit(teacher.state.legal_actions(1)[0])
    teacher.back()
    assert len(teacher.state.decisions) < len(decided)


def test_hot_seat_what_if_list_hides_the_sealed_move_from_the_next_student() -> None:
    w = _hot_seat()
    state = w.state  # type: ignore[attr-defined]
    label = w.renderer.action_label(state.decisions[0][1], None, w.ctx)  # type: ignore[attr-defined]
    shown = " ".join(str(o[0]) for o in w.whatif.options)  # type: ignore[attr-defined]
    assert label not in shown and "P1 decides (hidden)" in shown


def _face_down_table() -> tuple[Any, int]:
    """A Négoces table (cards face down) played on until a bot's face-down offer is revealed."""
    for seed in range(30):
        w = table(
            "negoces", players=3, humans=[0], variants=("face_down",), seed=seed, autoplay=False
        )
        for _ in range(300):
            state = w.state
            if state.is_over:
                break
            seat = state.to_move[0]
            if seat == 0:
                w.submit(state.legal_actions(0)[-1])
            else:
                w.step()
            for k, (p, action) in enumerate(w.state.decisions):
                known = w.decision_label(k, 0)
                offered = p != 0 and isinstance(action, NegocesOffer) and action.good
                if offered and known and not known[1]:
                    return w, k
    raise AssertionError("no face-down offer was revealed in 30 games")


def test_a_card_offered_face_down_is_never_named_to_another_seat() -> None:
    w, k = _face_down_table()
    seat, action = w.state.decisions[k]
    name = w.renderer.good_name(action.good, w.ctx)
    label, whole = w.decision_label(k, 0)
    assert not whole and name not in label and "face down" in label
    w.refresh()
    entry = next(text for text, index in w.whatif.options if index == k)
    assert name not in entry and "face down" in entry
    assert not w.explanation_visible(k, 0)
    assert w.explanation_visible(k, "all") and w.decision_label(k, seat)[1]
    latest = [i for i, (p, _) in enumerate(w.state.decisions) if p == seat][-1]
    if latest == k:  # the bots box shows the seat's latest decision: not this one, by name
        assert name not in w.bots_box.value.split(f'data-bot="{seat}"')[1].split("</div>")[0]


def test_the_review_widget_steps_through_a_seat_save() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    w.play_to_turn()
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    w.save_button.click()
    r = ReviewWidget(w.json_box.value, lang="fr")
    n = len(r.review)
    assert r.step == n - 1 and r.next_button.disabled
    assert "Étape" in r.header.value and "J1" in r.header.value
    r.first_button.click()
    assert r.step == 0 and r.prev_button.disabled
    r.steps.value = 2
    assert r.step == 2
    labels = [text for text, _ in r.steps.options]
    assert any("vous" in text for text in labels)  # the seat's own offer is named as its own
    r.set_lang("en")
    assert "Step 3 of" in r.header.value
    r.last_button.click()
    assert r.table.value == r.review.html(n - 1, "en", r.names)


def test_a_students_table_keeps_the_bots_reasons_for_the_end_of_the_game() -> None:
    w = table("turin", players=3, humans=[0], seed=5)
    teacher = table("turin", players=3, humans=[0], mode="teacher", seed=5)
    for t in (w, teacher):
        offer = next(k for k in t.handles if k.startswith("offer-"))
        t.handles[offer].click()  # the offers are revealed
    assert 'class="tk-why"' in teacher.log.value and " — " in teacher.bots_box.value
    assert 'class="tk-why"' not in w.log.value and " — " not in w.bots_box.value
    assert "reasons are shown when the game is over" in w.bots_box.value
    assert "P2 (heuristic): " in w.bots_box.value  # the bot's revealed offer, without a reason
    while not w.state.is_over:
        seat = w.acting_human()
        if seat is None:
            w.play_to_turn()
        else:
            w.submit(w.state.legal_actions(seat)[0])
    assert 'class="tk-why"' in w.log.value and " — " in w.bots_box.value


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_load_opens_a_students_seat_save_read_only(lang: str) -> None:
    w = table("medici", players=3, humans=[1], seed=4, lang=lang)
    w.play_to_turn()
    w.save_button.click()
    saved = w.json_box.value
    other = table("medici", players=3, humans=[0], seed=9, lang=lang)
    before = other.state.to_json()
    other.json_box.value = saved
    other.load_button.click()
    assert other.state.to_json() == before  # nothing is played on
    said = {
        "en": "This is P2's save: the game as P2 saw it; it cannot be played on",
        "fr": "C'est la sauvegarde de J2 : la partie telle que J2 l'a vue ; on ne peut pas",
    }
    message = html.unescape(other.message.value)
    assert said[lang] in message and "tradekit.review" not in message
    shown = other.review
    assert shown is not None and shown.ui in other.review_box.children
    assert shown.review.viewer == 1 and shown.review.view() == w.state.view(1)
    assert shown.lang == lang
    other.set_lang("fr" if lang == "en" else "en")
    assert shown.lang == other.lang
    other.json_box.value = tradekit.load_game("medici", players=3).new_state(seed=1).to_json()
    other.load_button.click()  # a full save is played on: the seat save is put away
    assert other.review is None and not other.review_box.children
