"""The Turin Market table widget, driven headless through its controls only (values and clicks)."""

from __future__ import annotations

import datetime
import random
import re
from typing import Any

import pytest

from tests.helpers import CLICKS, play_through_controls

widgets = pytest.importorskip("ipywidgets", reason="needs the notebook extra")

import tradekit  # noqa: E402
from tradekit.games.turin import Bid, EndTurn, List, Offer  # noqa: E402
from tradekit.widgets import TableWidget, table  # noqa: E402


def hand_cards(html: str) -> set[int]:
    return {int(x) for x in re.findall(r'data-card="(\d+)"', html)}


@pytest.mark.parametrize(
    ("players", "humans", "options"),
    [
        (2, [0], {}),
        (3, [1], {"goose": "tiebreak"}),
        (4, [0], {"public_money": False, "scoring": "red"}),
        (5, [4], {"goose": "underdog"}),
        pytest.param(3, [0, 2], {}, marks=pytest.mark.slow),  # hot-seat: two humans, one bot
        pytest.param(
            4, [0, 1, 2, 3], {"goose": "tiebreak"}, marks=pytest.mark.slow
        ),  # hot-seat, no bot
    ],
)
def test_complete_games_through_the_controls(
    players: int, humans: list[int], options: dict[str, Any]
) -> None:
    for seed in range(2):
        w = table("turin", players=players, mode="teacher", humans=humans, seed=seed, **options)
        rng = random.Random(seed)
        clicks = len(play_through_controls(w, rng, **CLICKS["turin"]))
        assert clicks > 0
        state = w.state
        assert state.is_over and len(state.scores()) == players
        assert 'data-phase="over"' in w.table.value
        assert "Winner" in w.header.value or "Winner" in w.table.value
        assert w.controls.children == ()
        assert tradekit.replay(w.save()).scores() == state.scores()
        human_decisions = sum(1 for seat, _ in state.decisions if seat in humans)
        assert human_decisions >= 1


def test_bid_slider_is_bounded_to_what_is_legal() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5, bots="random-policy")
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    assert w.state.phase == "bid" and w.state.to_move == (0,)
    slider = w.handles["bid-amount"]
    assert (slider.min, slider.max) == (0, 15)
    slider.value = 99
    assert slider.value == 15
    slider.value = 4
    before = w.table.value
    w.handles["bid"].click()
    assert (0, Bid(4)) in w.state.decisions
    assert w.table.value != before  # the table updated


def test_typed_commands_mistyped_and_illegal_show_messages() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    decisions = len(w.state.decisions)
    for text in ("bid 400", "blah", "offer card 999", "", "Bid(amount=-1)"):
        w.type_command(text)
        assert "tk-error" in w.message.value, text
        assert "Traceback" not in w.message.value
    assert len(w.state.decisions) == decisions
    card = w.state.hands[0][0]  # type: ignore[attr-defined]
    w.command.value = f"Offer card {card}"
    w.command_button.click()
    assert (0, Offer(card)) in w.state.decisions
    w.type_command("bid 400")
    assert "bid must be a whole number from 0 to 15; got 400" in w.message.value
    w.set_lang("fr")
    w.type_command("Miser 2")
    assert (0, Bid(2)) in w.state.decisions


def test_back_undoes_to_the_last_human_decision() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    w.handles["bid-amount"].value = 3
    w.handles["bid"].click()
    assert w.state.phase != "bid"
    w.back_button.click()
    assert w.state.phase == "bid" and w.state.to_move == (0,)
    assert "Undone" in w.message.value
    w.back_button.click()
    assert w.state.phase == "offer" and 0 in w.state.to_move
    assert "bid-amount" not in w.handles and offer in w.handles


def test_what_if_branch_and_return() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    w.handles["bid"].click()  # bid 0
    main_decisions = len(w.state.decisions)
    options = dict((v, label) for label, v in w.whatif.options)
    assert len(options) == main_decisions
    mine = next(k for k, (seat, a) in enumerate(w.state.decisions) if a == Bid(0) and seat == 0)
    w.whatif.value = mine
    w.branch_button.click()
    assert len(w.state.decisions) == mine
    assert "What-if" in w.header.value
    assert w.return_button.layout.display is None
    w.handles["bid-amount"].value = 6
    w.handles["bid"].click()
    assert (0, Bid(6)) in w.state.decisions
    w.return_button.click()
    assert len(w.state.decisions) == main_decisions
    assert (0, Bid(6)) not in w.state.decisions
    assert w.return_button.layout.display == "none"


def test_what_if_labels_hide_sealed_decisions_until_revealed() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    labels = [label for label, _ in w.whatif.options]
    assert labels and all("(hidden)" in label for label in labels)  # bots' sealed offers
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    labels = [label for label, _ in w.whatif.options]
    assert not any("(hidden)" in label for label in labels[:3])  # offers are revealed now


def test_save_and_load_through_the_widget() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    w.save_button.click()
    saved = w.json_box.value
    assert '"format": "tradekit-game"' in saved and "download=" in w.download.value
    decisions = w.state.decisions
    w.new_button.click()
    assert w.state.decisions != decisions
    w.json_box.value = saved
    w.load_button.click()
    assert w.state.decisions == decisions
    assert "Loaded" in w.message.value
    # A file chosen with the upload button loads the same way.
    w.new_button.click()
    data = saved.encode()
    w.upload.value = (
        {
            "name": "g.json",
            "type": "application/json",
            "size": len(data),
            "content": memoryview(data),
            "last_modified": datetime.datetime.now(datetime.UTC),
        },
    )
    assert w.state.decisions == decisions


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", "Paste a saved game"),
        ("not json", "This file is not a tradekit save."),
        ('{"format": "tradekit-game", "version": 99}', "another version of tradekit"),
        ("[1, 2]", "This file is not a tradekit save."),
    ],
)
def test_bad_saves_show_a_message(text: str, expected: str) -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    decisions = w.state.decisions
    w.json_box.value = text
    w.load_button.click()
    assert expected in w.message.value and "tk-error" in w.message.value
    assert w.state.decisions == decisions


def test_tampered_and_foreign_saves_show_a_message() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    saved = w.save()
    w.json_box.value = saved.replace('"seed": 5', '"seed": 6', 1)
    w.load_button.click()
    assert "changed or damaged" in w.message.value
    other = next(name for name in tradekit.GAMES if name != "turin")
    w.json_box.value = tradekit.load_game(other).new_state(seed=1).to_json()
    w.load_button.click()
    assert "not Turin Market" in w.message.value
    four = tradekit.load_game("turin", players=4).new_state(seed=1).to_json()
    w.json_box.value = four
    w.load_button.click()
    assert w.state.game.num_players == 4 and len(w.policies) == 3


def test_hot_seat_hides_private_information_between_turns() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0, 1], seed=3, bots="random-policy")
    state = w.state
    assert w.hotseat and w.view_switch.disabled
    assert w.curtain_down() and list(w.handles) == ["reveal"]
    assert "Pass the screen to P1" in w.table.value
    hands = [set(h) for h in state.hands]  # type: ignore[attr-defined]
    assert hand_cards(w.table.value) == set()
    w.handles["reveal"].click()
    assert hand_cards(w.table.value) == hands[0]
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    # P1's turn: the curtain is down, nothing private of P0 or P1 is on the screen.
    assert w.curtain_down() and "Pass the screen to P2" in w.table.value
    assert hand_cards(w.table.value) == set()
    assert "offers #" not in w.table.value
    assert "offers" not in w.log.value  # P0's sealed offer is not in the public log
    w.handles["reveal"].click()
    assert hand_cards(w.table.value) == hands[1]
    w.handles["hide"].click()
    assert w.curtain_down()


def test_bot_explanations_are_shown_after_the_reveal_only() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    # The bots have offered (sealed): their explanations are not visible to P0 yet.
    assert all(name in w.bots_box.value for name in ("P2", "P3"))
    assert 'class="tk-why"' not in w.log.value
    w.set_view("all")
    assert 'class="tk-why"' in w.log.value  # the teacher sees every reason
    w.set_view(0)
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()
    assert 'class="tk-why"' in w.log.value  # offers revealed: now the reasons can be read
    assert "heuristic" in w.bots_box.value


def test_view_switch_and_controls_visibility() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    assert [v for _, v in w.view_switch.options] == [
        "seat:0",
        "seat:1",
        "seat:2",
        "public",
        "teacher",
    ]
    assert 'data-viewer="0"' in w.table.value
    w.view_switch.value = "public"
    assert 'data-viewer="public"' in w.table.value
    assert not any(k.startswith("offer-") for k in w.handles)  # no hand on the projector
    w.view_switch.value = "teacher"
    assert 'data-viewer="all"' in w.table.value
    assert any(k.startswith("offer-") for k in w.handles)
    w.view_switch.value = "seat:1"
    assert 'data-viewer="1"' in w.table.value
    assert not w.handles


def test_language_switch_relabels_everything() -> None:
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5)
    w.lang_switch.value = "fr"
    assert w.new_button.description.endswith("Nouvelle partie")
    assert "Marché de Turin" in w.table.value and "Manche 1 sur 5" in w.header.value
    assert "J1 (vous)" in w.log.value
    assert w.tabs.titles == ("Journal", "Et si…", "Sauver / charger")
    offers = [h.description for k, h in w.handles.items() if k.startswith("offer-")]
    assert offers and all(re.match(r"#\d+ : 3 \w", d) for d in offers)
    assert "Offrez une carte" in str([c.value for c in w.controls.children if hasattr(c, "value")])


def test_a_broken_bot_shows_a_message_and_the_game_goes_on() -> None:
    def broken(view: object, legal: object) -> object:
        raise RuntimeError("boom")

    w = table("turin", players=3, mode="teacher", humans=[0], seed=5, bots={1: broken})
    # Said without the error's words (they may name the bot's cards); the error is kept.
    assert "could not decide" in w.message.value and "Traceback" not in w.message.value
    assert "boom" in str(w.session.last_error)
    assert 1 not in w.state.to_move


def test_a_bot_returning_an_illegal_action_is_replaced() -> None:
    w = TableWidget(
        tradekit.load_game("turin", players=2).new_state(seed=1),
        mode="teacher",
        humans=[0],
        bots=[lambda view, legal: (Bid(999), "I bid everything")],
    )
    assert "could not decide" in w.message.value and "not legal" in str(w.session.last_error)
    assert len(w.state.decisions) == 1


def test_all_bots_table_plays_to_the_end() -> None:
    w = table("turin", players=4, mode="teacher", humans=[], seed=2)
    assert w.play_button.description.endswith("Play to the end")
    w.step_button.click()
    assert len(w.state.decisions) == 1
    w.play_button.click()
    assert w.state.is_over and w.play_button.disabled
    w.back_button.click()
    assert not w.state.is_over


def test_acting_after_the_end_shows_a_message() -> None:
    w = table("turin", players=2, mode="teacher", humans=[], seed=2)
    w.play_button.click()
    w.type_command("bid 1")
    assert "tk-error" in w.message.value
    w.submit(Bid(1))
    assert "game is over" in w.message.value


def test_bad_arguments() -> None:
    with pytest.raises(tradekit.TradekitError):
        table("turin", players=3, mode="teacher", humans=[5])
    with pytest.raises(tradekit.ConfigError):
        table("turin", players=3, lang="de")
    with pytest.raises(TypeError):
        TableWidget(tradekit.load_game("turin"), players=3)


def test_bot_explanations_follow_the_tables_language() -> None:
    # In French the heuristic bots' reasons are French; switching back gives English again.
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5, lang="fr")
    w.set_view("all")
    assert "la carte la moins précieuse de ma main" in w.log.value
    assert "least valuable card of my hand" not in w.log.value
    w = table("turin", players=3, mode="teacher", humans=[0], seed=5, lang="en")
    w.set_lang("fr")
    offer = next(k for k in w.handles if k.startswith("offer-"))
    w.handles[offer].click()  # the bots bid after the switch: their reasons are French
    w.set_view("all")
    assert "Le lot vaut" in w.log.value


def test_claim_step_and_goose_declarations_through_the_buttons() -> None:
    game = tradekit.load_game("turin", players=3, goose="tiebreak")
    state = game.new_state(
        seed=0, setup={"face_up": [[1], [2], [3]], "hands": [[4, 5, 6], [7, 8, 9], [10, 11, 12]]}
    )
    for seat, card in ((0, 4), (1, 7), (2, 10)):
        state.apply(seat, Offer(card))
    for seat in range(3):
        state.apply(seat, Bid(0))
    state.apply(0, EndTurn())
    state.apply(1, List(2, 3))
    while state.phase == "market":
        state.apply(state.to_move[0], EndTurn())
    w = table(state, mode="teacher", humans=[0, 1, 2], hotseat=False)
    w.view_switch.value = "teacher"  # the controls of whichever seat must act
    # In the offer step P0 may also buy the listed card, out of turn or not.
    assert {"offer-5", "buy-2", "loan"} <= set(w.handles)
    w.handles["buy-2"].click()
    assert w.state.phase == "claim" and w.acting_human() == 2
    assert {"buy-2", "pass-claim"} <= set(w.handles)
    w.handles["buy-2"].click()
    assert w.acting_human() == 1  # two claimants: the seller chooses
    assert {"sell-to-0", "sell-to-2"} <= set(w.handles)
    w.handles["sell-to-0"].click()
    assert "tk-error" not in w.message.value
    assert w.state.phase == "offer" and 2 in w.state.face_up[0]  # type: ignore[attr-defined]
    for key in ("offer-5", "offer-8", "offer-11"):
        w.handles[key].click()
    for seat, amount in ((0, 3), (1, 1), (2, 3)):
        assert w.acting_human() == seat
        w.handles["bid-amount"].value = amount
        w.handles["bid"].click()
    assert w.state.phase == "goose" and w.acting_human() == 0
    assert {"take-goose", "decline-goose"} <= set(w.handles)
    w.handles["take-goose"].click()
    assert w.state.goose_holder == 0  # type: ignore[attr-defined]
    assert w.state.phase == "pick"
