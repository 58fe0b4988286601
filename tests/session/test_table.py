"""The table session on its own, with no widget: what a web front end drives.

Every expected message is the catalogue's (``tradekit.i18n.t``) filled in from the rules' own
declaration (a menu's reason, a seat's name), so a test fails if the session says the wrong thing,
not only if it says nothing.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tradekit
from tradekit.core.domains import Menu
from tradekit.core.errors import ConfigError, IllegalActionError, ReplayError, TradekitError
from tradekit.games.negoces.actions import Offer as NegocesOffer
from tradekit.games.turin.actions import Bid, Offer, TakeLoan
from tradekit.i18n import t
from tradekit.render import Context, renderer_for
from tradekit.session import Notice, TableSession
from tradekit.session.commands import Command, normal, parse_amount, parse_command

SESSION_DIR = Path(tradekit.__file__).resolve().parent / "session"

PLAY_WITHOUT_WIDGETS = """
import sys
from tradekit.session import TableSession
import tradekit
for name in tradekit.GAMES:
    s = TableSession(name, humans=[0], seed=1, bots="random-policy")
    for _ in range(5):
        seat = s.acting_human()
        if seat is None:
            s.play_to_turn()
        else:
            s.submit(s.state.legal_actions(seat)[0])
    s.type_command("no such command")
    s.decision_choices(0), s.latest_bot_decisions(0), s.reasons(0)
    s.load(s.save())
    # A seat save is refused in words; its detail is kept for whoever debugs, nothing else.
    refused = s.last_error is None or type(s.last_error).__name__ == "ReplayError"
    assert s.notice is not None and refused, (name, s.notice, s.last_error)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {heavy!r} or m == "tradekit.widgets")
print(",".join(loaded) or "ok")
"""


def _notice(key: str, kind: str, /, **fields: Any) -> Notice:
    return Notice(t(key, "en", **fields), kind)


def _turin(**kwargs: Any) -> TableSession:
    """Turin Market, 3 players, a human in seat 0, dealt from seed 5."""
    return TableSession("turin", players=3, **{"humans": [0], "seed": 5, **kwargs})


def _bot_decisions(s: TableSession) -> list[int]:
    return [k for k, (seat, _) in enumerate(s.state.decisions) if seat not in s.humans]


def _offer_and_bid(s: TableSession, amount: int = 0) -> None:
    """The human in seat 0 offers its first card, then bids ``amount`` (bots play between)."""
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    assert s.acting_human() == 0 and s.state.phase == "bid", s.notice
    s.submit(Bid(amount))


# -- no widgets ------------------------------------------------------------------------------------
def test_a_session_plays_every_game_without_loading_a_widget_library() -> None:
    # A fresh interpreter: other tests have loaded ipywidgets into this one.
    heavy = ("ipywidgets", "pandas", "altair", "scipy")
    result = subprocess.run(
        [sys.executable, "-c", PLAY_WITHOUT_WIDGETS.format(heavy=heavy)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_no_session_module_imports_the_widgets_even_inside_a_function() -> None:
    modules = sorted(SESSION_DIR.glob("*.py"))
    assert {m.stem for m in modules} >= {"__init__", "table", "commands", "policy"}
    for path in modules:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert not name.startswith(("ipywidgets", "tradekit.widgets")), (path, name)


# -- playing ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", tradekit.GAMES)
def test_every_game_plays_to_its_end_through_the_session(name: str) -> None:
    s = TableSession(name, humans=[0], mode="teacher", bots="random-policy", seed=3)
    said: list[Notice] = []
    s.on_notice = said.append
    rng = np.random.default_rng(3)
    for _ in range(5_000):
        if s.state.is_over:
            break
        seat = s.acting_human()
        if seat is None:
            s.play_to_turn()
        else:
            legal = s.state.legal_actions(seat)
            s.submit(legal[int(rng.integers(len(legal)))])
        assert s.notice is not None and s.notice.kind != "error", s.notice
    assert s.state.is_over and s.acting_human() is None and s.bot_to_act() is None
    assert said and said[-1] == s.notice  # every message reached the listener
    assert tradekit.replay(s.save()).scores() == s.state.scores()
    decisions = s.state.decisions
    assert any(seat == 0 for seat, _ in decisions)
    # Every bot decision, and only those, has its explanation, under the seat that made it.
    assert sorted(s.explanations) == _bot_decisions(s)
    assert all(s.explanations[k][0] == decisions[k][0] for k in s.explanations)
    s.submit(s.state.legal_actions(0)[0] if s.state.legal_actions(0) else Bid(0))
    assert s.notice == _notice("game_is_over", "error")


def test_bots_step_one_decision_at_a_time_and_play_within_a_limit() -> None:
    s = TableSession("turin", players=4, humans=[], seed=2)
    assert s.mode == "teacher" and s.state.decisions == ()  # a table of bots waits to be played
    s.step()
    assert len(s.state.decisions) == 1 and s.notice == Notice("")
    assert s.play_bots(limit=5) == 5 and len(s.state.decisions) == 6
    s.play_to_turn()
    assert s.state.is_over and s.bot_to_act() is None
    n = len(s.state.decisions)
    assert sorted(s.explanations) == list(range(n))
    s.step()
    assert s.notice == _notice("game_is_over", "note") and len(s.state.decisions) == n
    assert s.play_bots() == 0


def test_autoplay_off_leaves_the_bots_for_the_step_buttons() -> None:
    s = _turin(autoplay=False, mode="teacher")
    # Dealing always plays the bots up to the human's first turn.
    assert s.acting_human() == 0 and s.bot_to_act() is None
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    s.submit(Bid(1))
    bots = s.state.to_move
    assert s.acting_human() is None and bots and 0 not in bots
    s.submit(Bid(2))  # P0 has bid; it is the bots' turn
    who = s.ctx.who(bots)
    assert s.notice == _notice("not_your_turn", "error", who=who)
    s.step()
    assert s.state.decisions[-1][0] == bots[0]
    s.autoplay = True
    s.back()  # undoes to before P0's bid; the bots play on by themselves again
    assert s.acting_human() == 0 and s.state.decisions[-1][0] != 0


def test_a_refused_action_is_said_in_the_rules_words_and_changes_nothing() -> None:
    s = _turin(mode="teacher")
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    before = s.state.to_json()
    legal = s.state.legal_actions(0)
    assert isinstance(legal, Menu)
    reason = legal.reason(Bid(400))
    assert reason
    s.submit(Bid(400))
    # The action by its label, the rules' reason, and what the seat may do instead.
    assert s.notice == Notice(s.refusal(0, Bid(400), reason), "error")
    assert s.notice.text == (
        f"“Bid 400” is not allowed now: {reason}. "
        "You may: Bid 0 … Bid 15, Take a loan (+10 now, repay 15)."
    )
    assert s.state.to_json() == before
    assert isinstance(s.last_error, TradekitError)
    s.set_lang("fr")
    s.submit(Bid(400))
    # The same reason in French, from its message key (Turin's own label, "P1's bid").
    assert s.notice.text == (
        "« Miser 400 » n'est pas possible maintenant : la mise de J1 doit être un nombre "
        "entier de 0 à 15 ; reçu : 400. "
        "Vous pouvez : Miser 0 … Miser 15, Emprunter (+10 maintenant, rembourser 15)."
    )


def test_a_refusal_in_french_says_the_rules_reason_in_french() -> None:
    s = _turin(mode="teacher", lang="fr")
    card = next(c for c in range(1, 40) if c not in s.state.view(0).hand)
    s.submit(Offer(card))
    assert s.notice is not None and s.notice.kind == "error"
    assert s.notice.text.startswith(f"« Offrir #{card} : "), s.notice.text
    assert (
        " » n'est pas possible maintenant : la carte doit être une carte de la main de J1 ; "
        f"reçu : {card}. Vous pouvez : Offrir #"
    ) in s.notice.text
    assert not re.search(r"\b(the|must|got|hand|card)\b", s.notice.text), s.notice.text
    s.set_lang("en")
    s.submit(Offer(card))
    assert f"the card must be a card in P1's hand; got {card}." in s.notice.text


def test_a_reason_the_table_language_cannot_say_is_left_out_not_said_in_english() -> None:
    s = _turin(mode="teacher", lang="fr")
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    text = s.refusal(0, Bid(400), "the seller has not put a card up")  # a reason with no key
    assert text.startswith("« Miser 400 » n'est pas possible maintenant. Vous pouvez :")
    assert "seller" not in text


def test_a_broken_bot_is_said_and_the_game_goes_on() -> None:
    def broken(view: object, legal: object) -> object:
        raise RuntimeError("boom")

    s = _turin(mode="teacher", bots={1: broken})
    assert s.notice == _notice("bot_broke", "error", name="P2", bot="broken")
    assert isinstance(s.last_error, RuntimeError) and "boom" in str(s.last_error)
    assert 1 not in s.state.to_move
    k = next(k for k, (seat, _) in enumerate(s.state.decisions) if seat == 1)
    assert s.state.decisions[k][1] == s.state.branch(k).legal_actions(1)[0]  # the first legal
    assert s.explanations[k][2] == t("bot_fell_back", "en")


def test_a_bot_refused_by_the_rules_is_said_without_its_hidden_hand() -> None:
    # A card offered that is not in hand is refused; the refusal once listed the hand ("a card in
    # P2's hand (4, 9 or 12)"), read by whoever reads a bot's failure (the table, an error).
    def cheat(view: Any, legal: Any) -> Any:
        return Offer(next(c for c in range(1, 40) if c not in view.hand))

    s = _turin(bots={1: cheat}, lang="fr")
    start = s.state.branch(0)
    hand = start.hands[1]  # type: ignore[attr-defined]
    tried = cheat(start.view(1), None)
    with pytest.raises(IllegalActionError) as refused:
        start.check(1, tried)
    numbers = {int(n) for n in re.findall(r"\d+", refused.value.reason)}
    assert numbers == {2, tried.card}, refused.value.reason  # "P2's hand; got <card>"
    assert s.notice == Notice(t("bot_broke", "fr", name="J2", bot="cheat"), "error")
    mine = [why for seat, _, why in s.explanations.values() if seat == 1]
    assert mine == [t("bot_fell_back", "fr")]
    for said in [s.notice.text, *mine]:
        assert not set(map(int, re.findall(r"\d+", said))) & set(hand), said


# -- stale clicks ----------------------------------------------------------------------------------
def test_a_click_on_a_control_drawn_before_the_table_moved_on_plays_nothing() -> None:
    s = _turin()
    drawn = s.version
    offer = s.current(s.submit)  # the controls as drawn now
    action = s.state.legal_actions(0)[0]
    offer(action)  # the click plays; the bots play on to the bid step
    assert s.version > drawn and s.state.phase == "bid"
    decisions = s.state.to_json()
    offer(action)  # a double click on the same button: already done, nothing played
    assert s.notice == _notice("already_done", "note")
    assert s.state.to_json() == decisions
    s.submit(Bid(3), version=drawn)  # a front end's submit with the version it showed
    assert s.notice == _notice("already_done", "note") and s.state.to_json() == decisions
    s.submit(Bid(3), version=s.version)  # the version on show: played
    assert (0, Bid(3)) in s.state.decisions
    for move in (s.back, s.new_game, lambda: s.branch(0), s.return_to_main):
        before = s.version
        move()
        assert s.version > before, move


def test_a_stale_out_of_turn_button_plays_nothing() -> None:
    s = _turin(mode="teacher", autoplay=False, bots="random-policy")
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    s.step()
    s.submit(Bid(0))
    loan = s.current(s.submit_out_of_turn)
    loan(0, TakeLoan())
    assert s.state.loans[0]  # type: ignore[attr-defined]
    after = s.state.to_json()
    loan(0, TakeLoan())
    assert s.notice == _notice("already_done", "note") and s.state.to_json() == after


def test_out_of_turn_actions_are_the_human_seats_own_and_never_at_a_hot_seat() -> None:
    s = _turin(mode="teacher", autoplay=False, bots="random-policy")
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    s.step()
    s.submit(Bid(0))
    assert 0 not in s.state.to_move and s.state.to_move
    offered = s.out_of_turn_actions(0)
    assert TakeLoan() in offered and offered == list(s.state.legal_actions(0))[: len(offered)]
    assert s.out_of_turn_actions(1) == [] and s.out_of_turn_actions(None) == []
    moving = s.state.to_move
    s.submit_out_of_turn(1, TakeLoan())  # seat 1 is a bot's
    assert s.notice == _notice("not_your_turn", "error", who=s.ctx.who(moving))
    s.submit_out_of_turn(0, TakeLoan())
    assert s.state.loans[0] and s.state.to_move == moving  # type: ignore[attr-defined]
    hot = TableSession("turin", players=3, humans=[0, 1], seed=5, autoplay=False)
    hot.reveal()
    hot.submit(next(a for a in hot.state.legal_actions(0) if isinstance(a, Offer)))
    assert hot.state.legal_actions(0) and hot.out_of_turn_actions(0) == []
    hot.submit_out_of_turn(0, TakeLoan())
    assert hot.notice is not None and hot.notice.kind == "error"
    assert not hot.state.loans[0]  # type: ignore[attr-defined]


# -- typed commands --------------------------------------------------------------------------------
def test_a_typed_command_is_read_as_the_legal_action_it_names() -> None:
    s = _turin(mode="teacher")
    card = s.state.hands[0][0]  # type: ignore[attr-defined]
    assert s.type_command(f"  Offer  CARD {card} ")
    assert (0, Offer(card)) in s.state.decisions and s.state.phase == "bid"
    before = s.state.to_json()
    assert not s.type_command("bid 400")  # understood, but the rules refuse it
    legal = s.state.legal_actions(0)
    assert isinstance(legal, Menu)
    assert s.notice == Notice(s.refusal(0, Bid(400), legal.reason(Bid(400)) or ""), "error")
    assert s.state.to_json() == before
    s.set_lang("fr")
    assert not s.type_command("miser 400")  # the French label's word reads an amount too
    assert s.notice is not None and s.notice.text.startswith("« Miser 400 »")
    assert s.command_example(0) == "Miser 1"  # the example is typed in the table's language
    label = s.renderer.action_label(Bid(2), s.state.view(0), s.ctx)  # the French label
    assert label != str(Bid(2))
    assert s.type_command(label)
    assert (0, Bid(2)) in s.state.decisions


def test_a_command_that_names_nothing_is_refused_with_examples() -> None:
    s = _turin(mode="teacher")
    before = s.state.to_json()
    legal = s.state.legal_actions(0)
    assert not s.type_command("blah")
    assert s.notice is not None and s.notice.kind == "error"
    prefix = t("not_understood", "en", text="blah", examples="")
    assert s.notice.text.startswith(prefix)
    label = partial(s.renderer.action_label, view=s.state.view(0), ctx=s.ctx)
    # The actions as the table labels them (their texts name cards and goods by their ids).
    assert f"“{label(legal[0])}”" in s.notice.text and f"“{label(legal[-1])}”" in s.notice.text
    assert s.notice.text.endswith(f"For example: {s.command_hint(0)}")
    assert s.state.to_json() == before


def test_commands_out_of_turn_are_refused() -> None:
    hot = TableSession("turin", players=3, humans=[0, 1], seed=3, bots="random-policy")
    assert hot.curtain_down()
    before = hot.state.to_json()
    card = hot.state.hands[0][0]  # type: ignore[attr-defined]
    assert not hot.type_command(f"offer card {card}")  # the curtain is down: nobody may act
    who = hot.ctx.who(hot.state.to_move)
    assert hot.notice == _notice("not_your_turn", "error", who=who)
    assert hot.state.to_json() == before
    bots = TableSession("turin", players=2, humans=[], seed=2)
    bots.play_to_turn()
    assert not bots.type_command("bid 1")
    assert bots.notice == _notice("game_is_over", "error")


def test_the_command_parser_on_its_own() -> None:
    legal = [Bid(0), Bid(1), TakeLoan()]
    assert normal(" Bid(AMOUNT=1) ") == "bid amount=1"
    assert parse_command("Bid(amount=1)", legal) == Command(Bid(1), named=True)
    assert parse_command("take a loan", legal) == Command(TakeLoan(), named=True)
    french = {Bid(0): "Miser 0", Bid(1): "Miser 1", TakeLoan(): "Emprunter"}
    assert parse_command("miser 1", legal, french.__getitem__) == Command(Bid(1), named=True)
    assert parse_command("bid 7", legal) == Command(Bid(7), named=False)
    assert parse_command("bid seven", legal) == Command(None)
    assert parse_amount("loan 3", legal) is None and parse_amount("bid 1 2", legal) is None


# -- back, branch, return --------------------------------------------------------------------------
def test_back_goes_to_before_the_last_human_decision() -> None:
    s = _turin(mode="teacher")
    _offer_and_bid(s, 3)
    bid_at = s.state.decisions.index((0, Bid(3)))
    assert len(s.state.decisions) > bid_at + 1  # the bots have bid since
    what = s.renderer.action_label(Bid(3), s.state.view(0), s.ctx)
    s.back()
    assert len(s.state.decisions) == bid_at and s.acting_human() == 0
    assert s.notice == _notice("undone", "ok", what=f"{s.ctx.name(0)}: {what}")
    assert all(k < bid_at for k in s.explanations)
    s.back()
    assert s.state.phase == "offer" and 0 in s.state.to_move
    empty = TableSession("turin", players=3, humans=[0, 1, 2], hotseat=False, mode="teacher")
    empty.back()
    assert empty.notice == _notice("nothing_to_undo", "note")


def _hot_seat() -> TableSession:
    s = TableSession("turin", players=3, humans=[0, 1], seed=3, bots="random-policy")
    assert s.hotseat and s.mode == "student" and s.curtain_down() and s.viewer is None
    s.reveal()
    assert s.viewer == 0 and not s.curtain_down()
    s.submit(next(a for a in s.state.legal_actions(0) if isinstance(a, Offer)))
    assert s.curtain_down() and s.acting_human() == 1 and s.viewer is None
    return s


def test_back_at_a_students_table_never_undoes_another_humans_decision() -> None:
    s = _hot_seat()
    before = s.state.decisions
    s.back()
    assert s.notice == _notice("back_reveal_first", "note") and s.state.decisions == before
    s.reveal()
    s.back()  # seat 1 has not decided yet
    assert s.notice == _notice("nothing_to_undo", "note") and s.state.decisions == before
    s.submit(next(a for a in s.state.legal_actions(1) if isinstance(a, Offer)))
    if s.curtain_down():
        s.reveal()
    assert s.acting_human() == 0 and s.viewer == 0  # the bids: seat 0 first
    decided = s.state.decisions
    s.back()  # seat 0's last decision is its offer, and seat 1 has offered since
    assert s.notice == _notice("back_other_human", "error", name=s.ctx.name(1))
    assert s.state.decisions == decided
    s.branch(0)
    assert s.notice == _notice("back_other_human", "error", name=s.ctx.name(1))
    assert s.main_state is None and s.state.decisions == decided
    # A teacher's table goes back over anybody's decision.
    teacher = TableSession("turin", players=3, humans=[0, 1], mode="teacher", seed=3)
    for seat in (0, 1):
        teacher.reveal()
        teacher.submit(teacher.state.legal_actions(seat)[0])
    n = len(teacher.state.decisions)
    teacher.back()
    assert len(teacher.state.decisions) < n
    assert teacher.notice == _notice("undone", "ok", what=t("hidden_decision", "en", name="P2"))


def test_a_what_if_branch_and_the_return_to_the_main_line() -> None:
    s = _turin(mode="teacher")
    _offer_and_bid(s, 0)
    main, reasons = s.state, dict(s.explanations)
    decisions = main.decisions
    k = decisions.index((0, Bid(0)))
    label = s.renderer.action_label(Bid(0), None, s.ctx)
    assert label in s.decision_choices("all")[k][0]
    s.branch(k)
    assert s.main_state is main and s.state is not main
    assert s.state.decisions == decisions[:k] and s.notice == _notice("branched", "ok", n=k + 1)
    assert sorted(s.explanations) == [i for i in sorted(reasons) if i < k]
    legal = s.state.legal_actions(0)
    assert isinstance(legal, Menu)
    high = legal.bounds(Bid, "amount")
    assert high is not None
    s.submit(Bid(high[1]))
    assert (0, Bid(high[1])) in s.state.decisions and main.decisions == decisions
    branched = s.renderer.action_label(Bid(high[1]), None, s.ctx)
    assert branched in s.decision_choices("all")[k][0]  # the branch's own labels
    s.branch(0)  # a branch of the branch still returns to the main line
    assert s.main_state is main and s.state.decisions == ()
    s.return_to_main()
    assert s.state is main and s.main_state is None and s.explanations == reasons
    assert s.notice == _notice("returned", "ok")
    s.say("")
    s.return_to_main()  # no branch: nothing happens
    assert s.state is main and s.notice == Notice("")
    choices = s.decision_choices("all")
    assert len(choices) == len(decisions) and label in choices[k][0]


# -- save and load ---------------------------------------------------------------------------------
def test_save_and_load_round_trip() -> None:
    s = _turin(mode="teacher")
    _offer_and_bid(s, 2)
    saved = s.save_file()
    assert saved.viewer == "all" and saved.name == "turin-game.json" and saved.text == s.save()
    assert s.notice == _notice("saved", "ok", n=len(s.state.decisions))
    other = TableSession("turin", players=3, humans=[0], mode="teacher", seed=6)
    assert other.state.decisions != s.state.decisions
    other.branch(0)
    assert other.load(saved.text)
    assert other.state.decisions == s.state.decisions and other.state.to_json() == s.state.to_json()
    assert other.notice == _notice("loaded", "ok", n=len(s.state.decisions))
    assert other.main_state is None and other.explanations == {}
    assert other.load(saved.text.encode())  # an uploaded file's bytes load the same way
    four = tradekit.load_game("turin", players=4).new_state(seed=1).to_json()
    assert other.load(four)
    assert (
        other.game.num_players == 4 and other.humans == (0,) and sorted(other.policies) == [1, 2, 3]
    )


def test_a_students_save_is_a_seat_save_and_cannot_be_loaded_to_play_on() -> None:
    s = _turin()
    _offer_and_bid(s, 1)
    saved = s.save_file()
    doc = json.loads(saved.text)
    assert saved.viewer == 0 and saved.name == "turin-P1.json"
    assert doc["holds"] == "seat 0" and "seed" not in doc
    assert s.notice == _notice("saved_seat", "ok", view=s.offered_views()[0][0])
    assert s.set_view(None) and s.save_file().name == "turin-public.json"
    before = s.state.to_json()
    with pytest.raises(ReplayError) as refused:
        tradekit.replay(saved.text)
    assert refused.value.problem == "seat_save"
    assert not s.load(saved.text)  # opened read-only, as the seat saw the game
    assert s.notice == _notice("seat_save_opened", "note", seat="P1")
    assert s.opened_review is not None and s.opened_review.view() == s.state.view(0)
    assert s.last_error is not None and str(s.last_error) == str(refused.value)  # the detail
    assert s.state.to_json() == before
    assert not s.load(s.state.to_json(viewer=None))
    assert s.notice == _notice("public_save_opened", "note")
    other = TableSession("medici", players=3, humans=[0], seed=1)
    assert not other.load(saved.text) and other.opened_review is None
    assert other.notice is not None and "Turin" in other.notice.text
    assert s.load(s.state.to_json()) and s.opened_review is None


@pytest.mark.parametrize("text", ["", "  \n", "not json", "[1, 2]", '{"format": "tradekit-game"}'])
def test_a_bad_save_is_refused_in_words(text: str) -> None:
    s = _turin(mode="teacher")
    before = s.state.to_json()
    assert not s.load(text)
    if text.strip():
        with pytest.raises(ReplayError) as refused:
            tradekit.replay(text)
        # What is wrong in a sentence; which line of the JSON is the developer's detail.
        assert s.notice == _notice(f"save.{refused.value.problem}", "error")
        assert s.last_error is not None and str(s.last_error) == str(refused.value)
    else:
        assert s.notice == _notice("load_empty", "error") and s.last_error is None
    assert s.state.to_json() == before


def test_a_tampered_or_foreign_save_is_refused_in_words() -> None:
    s = _turin(mode="teacher")
    saved = s.save()
    before = s.state.to_json()
    assert not s.load(saved.replace('"seed": 5', '"seed": 6', 1))
    assert s.notice == _notice("save.changed", "error")
    other = next(name for name in tradekit.GAMES if name != "turin")
    foreign = tradekit.load_game(other).new_state(seed=1)
    assert not s.load(foreign.to_json())
    title = renderer_for(other).title(Context(foreign.game, "en"))
    assert s.notice == _notice("wrong_game", "error", saved=title, game=s.renderer.title(s.ctx))
    assert s.state.to_json() == before


# -- who sees what ---------------------------------------------------------------------------------
def test_a_students_seat_reads_the_bots_reasons_only_at_the_end() -> None:
    s = _turin()
    teacher = _turin(mode="teacher")
    sealed = _bot_decisions(s)
    assert sealed and _bot_decisions(teacher) == sealed  # the same deal, the same bots
    for k in sealed:  # the bots' offers are sealed: unknown to P0, known to the teacher
        assert s.decision_label(k, 0) is None and not s.explanation_visible(k, 0)
        assert s.decision_label(k, "all") is not None and s.explanation_visible(k, "all")
    for table in (s, teacher):
        table.submit(next(a for a in table.state.legal_actions(0) if isinstance(a, Offer)))
    for k in sealed:  # revealed now: the decision is known whole to P0 at both tables
        label = s.decision_label(k, 0)
        assert label is not None and label[1] and label == teacher.decision_label(k, 0)
        assert teacher.explanation_visible(k, 0)
        assert not s.explanation_visible(k, 0)  # a student waits for the end of the game
    assert s.reasons_wait_for_end(0) and not s.reasons_wait_for_end("all")
    assert s.reasons(0) == [] and len(teacher.reasons(0)) >= len(sealed)
    assert all(reason is None for _, reason in s.latest_bot_decisions(0).values())
    while not s.state.is_over:
        seat = s.acting_human()
        if seat is None:
            s.play_to_turn()
        else:
            s.submit(s.state.legal_actions(seat)[0])
    assert not s.reasons_wait_for_end(0)
    for k in _bot_decisions(s):
        label = s.decision_label(k, 0)
        assert s.explanation_visible(k, 0) == (label is not None and label[1])
    assert all(s.explanation_visible(k, 0) for k in sealed)
    latest = s.latest_bot_decisions(0)
    assert sorted(latest) == [1, 2] and all(reason for _, reason in latest.values())


def test_a_card_offered_face_down_is_known_only_as_far_as_the_reveal_shows_it() -> None:
    # Négoces with cards face down: a revealed offer shows that a card was offered, not which.
    for seed in range(30):
        s = TableSession(
            "negoces", players=3, humans=[0], variants=("face_down",), seed=seed, autoplay=False
        )
        for _ in range(300):
            if s.state.is_over:
                break
            if s.acting_human() == 0:
                s.submit(s.state.legal_actions(0)[-1])
            else:
                s.step()
            for k, (seat, action) in enumerate(s.state.decisions):
                known = s.decision_label(k, 0)
                if seat == 0 or not isinstance(action, NegocesOffer) or not action.good:
                    continue
                if known is None or known[1]:
                    continue
                name = s.renderer.good_name(action.good, s.ctx)  # type: ignore[attr-defined]
                assert name not in known[0]
                assert not s.explanation_visible(k, 0)  # a reason would name the card
                assert s.explanation_visible(k, "all") and s.decision_label(k, seat) is not None
                entry = next(label for label, i in s.decision_choices(0) if i == k)
                assert name not in entry
                return
    raise AssertionError("no face-down offer was revealed in 30 games")


def test_views_on_offer_at_a_students_and_a_teachers_table() -> None:
    s = _turin()
    assert [key for _, key in s.offered_views()] == ["seat:0", "public"]
    assert s.viewer == 0 and not s.set_view("all") and not s.set_view(2)
    assert s.notice == _notice("student_view_refused", "error") and s.viewer == 0
    assert s.set_view(None) and s.viewer is None and s.save_viewer() is None
    teacher = _turin(mode="teacher")
    keys = [key for _, key in teacher.offered_views()]
    assert keys == ["seat:0", "seat:1", "seat:2", "public", "teacher"]
    assert teacher.set_view("all") and teacher.viewer == "all" and teacher.save_viewer() == "all"
    nobody = TableSession("turin", players=3, humans=[], mode="student", seed=1)
    assert nobody.view_choice == "public" and nobody.viewer is None
    hot = _hot_seat()
    assert hot.set_view(0) and hot.viewer is None  # the curtain, whatever the choice
    hot.reveal()
    assert hot.viewer == 1
    hot.hide()
    assert hot.curtain_down() and hot.viewer is None


def test_language_names_and_new_deals() -> None:
    s = _turin()
    assert s.names == ("P1 (you)", "P2", "P3")  # people count players from 1
    s.set_lang("fr")
    assert s.lang == "fr" and s.names == ("J1 (vous)", "J2", "J3")
    assert all(getattr(policy, "lang", "fr") == "fr" for policy in s.policies.values())
    s.back()
    assert s.notice == Notice(t("nothing_to_undo", "fr"), "note")
    with pytest.raises(ConfigError):
        s.set_lang("de")
    assert s.lang == "fr"
    # New deals come from the table's seed: two tables with the same seed deal the same games.
    a, b = _turin(), _turin()
    a.new_game()
    b.new_game()
    assert a.state.seed == b.state.seed != 5 and a.state.to_json() == b.state.to_json()
    assert a.acting_human() == 0 and sorted(a.explanations) == _bot_decisions(a)


def test_bad_arguments() -> None:
    with pytest.raises(TradekitError, match="humans must be seats"):
        TableSession("turin", players=3, humans=[5])
    with pytest.raises(TradekitError, match="mode must be"):
        TableSession("turin", humans=[0], mode="pupil")
    with pytest.raises(ConfigError):
        TableSession("turin", lang="de")
    with pytest.raises(TypeError):
        TableSession(tradekit.load_game("turin"), players=3)


def test_an_engine_error_in_french_carries_no_english_sentence() -> None:
    s = TableSession("turin", players=3, humans=[], seed=1, lang="fr")
    # Not an action: the engine's reason is worded in French, the value quoted as code.
    s.guard(s.state.apply)(0, None)  # type: ignore[arg-type]
    assert s.notice == Notice("Action refusée : None n'est pas une action de ce jeu", "error")

    def refuse(why: str) -> None:
        raise IllegalActionError(why, 0, TakeLoan(), "")

    # A reason with no French words: the rules' plain "not now", never the English sentence.
    s.guard(refuse)("the seller has not put a card up")
    assert s.notice == Notice(
        "Action refusée : les règles ne le permettent pas à ce moment de la partie", "error"
    )
    s.set_lang("en")
    s.guard(s.state.apply)(0, None)  # type: ignore[arg-type]
    assert s.notice == Notice("Not allowed: None is not an action of this game", "error")
    s.guard(refuse)("the seller has not put a card up")
    assert s.notice == Notice("Not allowed: the seller has not put a card up", "error")
