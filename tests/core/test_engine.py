"""The core: errors, actions and their JSON, the ledger, replay and its errors, undo and branch, the
registry, and data-table errors.

Tests that need a game in play run over every registered game (random legal play from a seed).
"""

from __future__ import annotations

import dataclasses
import gzip
import json
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tradekit
from tests.helpers import TEST_DATA, random_game
from tradekit import (
    ConfigError,
    DataError,
    IllegalActionError,
    Ledger,
    ReplayError,
    TradekitError,
    Transfer,
)
from tradekit.core.actions import Action, action_classes, action_from_json
from tradekit.core.data import Table
from tradekit.core.events import BANK, Event
from tradekit.core.registry import registered_games
from tradekit.core.state import SAVE_FORMAT, SAVE_VERSION

# ---------------------------------------------------------------- helpers


def saved(name: str = "turin", seed: int = 3, steps: int | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(
        random_game(name, seed, steps, numpy=True, any_seat=True).to_json()
    )
    return doc


GAMES = pytest.mark.parametrize("name", tradekit.GAMES)


# ---------------------------------------------------------------- errors


@pytest.mark.parametrize("cls", [ConfigError, IllegalActionError, DataError, ReplayError])
def test_every_error_is_a_tradekit_error_and_a_value_error(cls: type[Exception]) -> None:
    assert issubclass(cls, TradekitError)
    assert issubclass(cls, ValueError)
    assert issubclass(TradekitError, ValueError)


def test_config_error_names_the_option_the_value_and_what_is_allowed() -> None:
    err = ConfigError("players", 7, "2, 3, 4 or 5")
    assert str(err) == "option 'players' = 7 is not allowed: expected 2, 3, 4 or 5"
    assert (err.option, err.value, err.allowed) == ("players", 7, "2, 3, 4 or 5")


def test_illegal_action_error_has_reason_player_action_and_summary() -> None:
    err = IllegalActionError("cannot bid 9", 2, "Bid(amount=9)", "round 1, phase bid")
    assert str(err) == "illegal action 'Bid(amount=9)' by P3: cannot bid 9 [round 1, phase bid]"
    assert (err.reason, err.player, err.action, err.summary) == (
        "cannot bid 9",
        2,
        "Bid(amount=9)",
        "round 1, phase bid",
    )
    assert "[" not in str(IllegalActionError("no", 0, None))  # no summary, no brackets


def test_data_error_names_file_row_and_column() -> None:
    assert (
        str(DataError("t.csv", "bad", row=3, column="units")) == "t.csv, row 3, column 'units': bad"
    )
    assert str(DataError("t.csv", "bad", row=3)) == "t.csv, row 3: bad"
    assert str(DataError(Path("t.csv"), "bad")) == "t.csv: bad"
    err = DataError("t.csv", "bad", 1, "good")
    assert (err.file, err.row, err.column) == ("t.csv", 1, "good")


def test_errors_are_exported_at_the_top() -> None:
    for name in ("ConfigError", "DataError", "IllegalActionError", "ReplayError", "TradekitError"):
        assert name in tradekit.__all__ and hasattr(tradekit, name)


# ---------------------------------------------------------------- actions


@dataclasses.dataclass(frozen=True, slots=True)
class Deal(Action):
    """A test action with every kind of field an action may have."""

    cards: tuple[int, ...]
    to: int | None
    note: str
    face_up: bool

    kind: ClassVar[str] = "deal"


@dataclasses.dataclass(frozen=True, slots=True)
class Nothing(Action):
    """A test action without fields."""


TEST_ACTIONS = action_classes(Deal, Nothing)


@given(
    st.lists(st.integers(0, 99), max_size=5).map(tuple),
    st.one_of(st.none(), st.integers(0, 5)),
    st.text(max_size=10),
    st.booleans(),
)
def test_action_json_round_trip(
    cards: tuple[int, ...], to: int | None, note: str, up: bool
) -> None:
    action = Deal(cards, to, note, up)
    data = action.to_json()
    assert data == {"type": "Deal", "cards": list(cards), "to": to, "note": note, "face_up": up}
    back = action_from_json(json.loads(json.dumps(data)), TEST_ACTIONS)
    assert back == action and isinstance(back.cards, tuple)


def test_action_without_fields_round_trips_and_reads_well() -> None:
    assert Nothing().to_json() == {"type": "Nothing"}
    assert action_from_json({"type": "Nothing"}, TEST_ACTIONS) == Nothing()
    assert str(Nothing()) == "nothing"
    assert str(Deal((1,), None, "x", True)) == "deal cards=(1,) to=None note=x face_up=True"
    assert repr(Deal((1,), 2, "x", False)) == "Deal(cards=(1,), to=2, note='x', face_up=False)"


@GAMES
def test_every_legal_action_of_a_game_round_trips(name: str) -> None:
    state = random_game(name, 5, 30, numpy=True, any_seat=True)
    classes = state.game.action_types
    seen: set[Action] = set()
    for _seat, action in state.decisions:
        seen.add(action)
    for p in state.to_move:
        seen.update(state.legal_actions(p))
    for action in seen:
        assert action_from_json(json.loads(json.dumps(action.to_json())), classes) == action
        assert eval(repr(action), {}, dict(classes)) == action  # the repr pastes back as code


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("Deal", "must be an object with a 'type'"),
        ([], "must be an object with a 'type'"),
        ({"cards": [1]}, "must be an object with a 'type'"),
        ({"type": 3}, "must be an object with a 'type'"),
        ({"type": "Bid", "amount": 3}, "unknown action type 'Bid'; known: \\['Deal', 'Nothing'\\]"),
        ({"type": "Nothing", "x": 1}, "bad fields for action Nothing"),
        ({"type": "Deal", "cards": [1]}, "bad fields for action Deal"),
    ],
)
def test_action_from_json_refuses_what_is_not_an_action(data: Any, message: str) -> None:
    with pytest.raises(ReplayError, match=message):
        action_from_json(data, TEST_ACTIONS)


def test_actions_are_frozen_and_hashable() -> None:
    action = Deal((1, 2), None, "", True)
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.note = "y"  # type: ignore[misc]
    assert {action, Deal((1, 2), None, "", True)} == {action}


# ---------------------------------------------------------------- events and the ledger


def test_ledger_net_entries_and_json() -> None:
    ledger = Ledger()
    ledger.record(Transfer(4, 2, BANK, "winning bid", 1, "bid"))
    ledger.record(Transfer(3, 0, 2, "bought card 5", 1, "market"))
    ledger.record(Transfer(6, BANK, 0, "majority of grapes", 5, "scoring"))
    assert len(ledger) == 3
    assert [ledger.net(p) for p in (0, 1, 2, BANK)] == [3, 0, -1, -2]
    assert ledger.entries(2) == [ledger[0], ledger[1]]
    assert ledger.entries(phase="scoring") == [ledger[2]]
    assert ledger.entries(0, phase="market") == [ledger[1]]
    assert ledger.entries() == list(ledger)
    assert ledger.entries(1) == []
    assert ledger.to_json()[1] == {
        "amount": 3,
        "payer": 0,
        "payee": 2,
        "reason": "bought card 5",
        "round": 1,
        "phase": "market",
        "kind": "other",  # made without a kind
    }
    assert str(ledger[1]) == "P1 -> P3: 3 (bought card 5)"  # seats as people count them
    assert str(ledger[0]) == "P3 -> bank: 4 (winning bid)"


@pytest.mark.parametrize("amount", [0, -1, -10])
def test_ledger_refuses_non_positive_transfers(amount: int) -> None:
    ledger = Ledger()
    with pytest.raises(ValueError, match=f"positive amount, got {amount}"):
        ledger.record(Transfer(amount, 0, BANK, "nothing"))
    assert len(ledger) == 0


@given(
    st.lists(
        st.tuples(
            st.integers(1, 50),
            st.sampled_from([0, 1, 2, BANK, "pot"]),
            st.sampled_from([0, 1, 2, BANK, "pot"]),
        ),
        max_size=20,
    )
)
def test_ledger_conserves_money_over_all_parties(moves: list[tuple[int, Any, Any]]) -> None:
    ledger = Ledger()
    for amount, payer, payee in moves:
        ledger.record(Transfer(amount, payer, payee, "x"))
    parties: list[int | str] = [0, 1, 2, BANK, "pot"]
    assert sum(ledger.net(p) for p in parties) == 0
    for p in parties:
        paid = sum(t.amount for t in ledger.entries(p) if t.payer == p)
        received = sum(t.amount for t in ledger.entries(p) if t.payee == p)
        assert ledger.net(p) == received - paid


def test_event_visibility_and_json() -> None:
    public = Event("reveal", 1, "bid", data={"bids": {0: 2}})
    private = Event("action", 1, "bid", player=0, visible_to=(0,), text="P0: bid 2")
    hidden = Event("chance", 0, "setup", visible_to=())
    assert [public.visible(v) for v in (0, 1, None, "all")] == [True] * 4
    assert [private.visible(v) for v in (0, 1, None, "all")] == [True, False, False, True]
    assert [hidden.visible(v) for v in (0, None, "all")] == [False, False, True]
    assert public.to_json() == {
        "kind": "reveal",
        "round": 1,
        "phase": "bid",
        "data": {"bids": {"0": 2}},
    }
    assert private.to_json()["visible_to"] == [0]
    assert hidden.to_json()["visible_to"] == []


def test_a_later_change_to_the_games_own_data_never_rewrites_the_log() -> None:
    # A game logs its live lists and dicts (the pile, a lot, the bids): the log keeps what they
    # held when it was logged. The JSON of an event is a copy too: a caller may change it.
    state = tradekit.load_game("turin", players=3).new_state(seed=1)
    pile, bids = [1, 2, 3], {0: 4, 1: 5}
    cards = [7, 8]
    rows: list[dict[str, Any]] = [{"seat": 0, "cards": cards}]
    mine: dict[str, Any] = {
        "what": "demo",
        "pile": pile,
        "bids": bids,
        "rows": rows,
        "pair": (1, [2]),
    }
    state._event("info", "demo", data=mine)
    pile.append(4)
    bids[2] = 6
    cards.append(9)
    mine["what"] = "changed"
    logged = state.log[-1].data
    assert logged == {
        "what": "demo",
        "pile": [1, 2, 3],
        "bids": {0: 4, 1: 5},
        "rows": [{"seat": 0, "cards": [7, 8]}],
        "pair": [1, [2]],
    }
    out = state.log[-1].to_json()["data"]
    out["pile"].append(5)
    out["rows"][0]["cards"].clear()
    out["pair"][1].append(3)
    out["bids"]["9"] = 9
    assert state.log[-1].data == logged
    assert state.log[-1].to_json()["data"]["bids"] == {"0": 4, "1": 5}


# ---------------------------------------------------------------- replay and its errors


@GAMES
def test_replay_reproduces_partial_and_finished_games(name: str) -> None:
    for steps in (0, 1, 17, None):
        state = random_game(name, 11, steps, numpy=True, any_seat=True)
        text = state.to_json()
        for form in (text, text.encode(), json.loads(text)):
            again = tradekit.replay(form)
            assert again.to_json() == text
            assert again.view("all") == state.view("all")


def _replay_error(doc: Any, *patterns: str) -> str:
    text = doc if isinstance(doc, (str, bytes)) else json.dumps(doc)
    with pytest.raises(ReplayError) as info:
        tradekit.replay(text)
    message = str(info.value)
    for pattern in patterns:
        assert pattern in message, f"{pattern!r} not in {message!r}"
    return message


def test_replay_refuses_what_is_not_json() -> None:
    _replay_error("{not json", "not valid JSON")
    _replay_error("", "not valid JSON")


@pytest.mark.parametrize("doc", [[], 3, "text", None, {"format": "chess-game"}, {}])
def test_replay_refuses_another_format(doc: Any) -> None:
    _replay_error(json.dumps(doc), "not a saved tradekit game", repr(SAVE_FORMAT))


@pytest.mark.parametrize("version", [0, 2, "1", None])
def test_replay_refuses_another_version(version: Any) -> None:
    doc = saved(steps=3)
    doc["version"] = version
    _replay_error(doc, f"format version {version!r}", f"this is {SAVE_VERSION}")


@pytest.mark.parametrize("key", ["game", "options", "seed", "decisions", "log"])
def test_replay_refuses_a_missing_key(key: str) -> None:
    doc = saved(steps=3)
    del doc[key]
    _replay_error(doc, f"has no {key!r}")


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("options", [], "'options' must be an object"),
        ("decisions", {}, "'decisions' a list"),
        ("seed", "3", "'seed' must be a whole number"),
        ("seed", 1.5, "'seed' must be a whole number"),
    ],
)
def test_replay_refuses_badly_typed_parts(key: str, value: Any, message: str) -> None:
    doc = saved(steps=3)
    doc[key] = value
    _replay_error(doc, message)


def test_replay_refuses_an_unknown_game_and_bad_options() -> None:
    doc = saved(steps=3)
    doc["game"] = "chess"
    _replay_error(doc, "cannot rebuild the game", "'chess'")
    doc = saved(steps=3)
    doc["options"]["players"] = 9
    _replay_error(doc, "cannot rebuild the game", "'players'")
    doc = saved(steps=3)
    doc["options"]["colour"] = "blue"
    _replay_error(doc, "cannot rebuild the game", "'colour'")


def test_replay_refuses_an_illegal_or_malformed_decision() -> None:
    doc = saved(steps=12)
    seat, action = doc["decisions"][-1]
    doc["decisions"][-1] = [seat + 100, action]
    _replay_error(doc, f"decision {len(doc['decisions']) - 1} is illegal", f"no seat {seat + 100}")
    doc = saved(steps=12)
    doc["decisions"].append(list(doc["decisions"][-1]))  # a seat acting twice
    _replay_error(doc, f"decision {len(doc['decisions']) - 1} is illegal")
    for bad in ([0], "P0 bids", [0, {"type": "Bid"}, 1], ["0", {"type": "Bid", "amount": 1}]):
        doc = saved(steps=12)
        doc["decisions"][2] = bad
        _replay_error(doc, "decision 2 must be [seat, action]")
    doc = saved(steps=12)
    doc["decisions"][2][1] = {"type": "Castle"}
    _replay_error(doc, "unknown action type 'Castle'")


def _as_numpy(value: Any) -> Any:
    if type(value) is int:
        return np.int64(value)
    if type(value) is tuple:
        return tuple(_as_numpy(v) for v in value)
    return value


@GAMES
def test_numpy_integers_are_taken_as_the_same_ints(name: str) -> None:
    # A notebook computes a bid with numpy (rng.integers, an array's max): np.int64(16) is the
    # whole number 16, and the game and its save must be the ones plain ints give.
    plain = random_game(name, 5, 40, numpy=True, any_seat=True)
    state = tradekit.load_game(name).new_state(seed=5)
    for seat, action in plain.decisions:
        numpy_action = dataclasses.replace(
            action,
            **{f.name: _as_numpy(getattr(action, f.name)) for f in dataclasses.fields(action)},
        )
        assert state.can(np.int64(seat), numpy_action)  # type: ignore[arg-type]
        state.apply(np.int64(seat), numpy_action)  # type: ignore[arg-type]
    assert state.decisions == plain.decisions
    assert all(type(seat) is int for seat, _ in state.decisions)
    assert state.to_json() == plain.to_json()
    # Floats and numpy bools stay refused, however whole.
    if not state.is_over:
        seat = state.to_move[0]
        numbered = next(
            (
                a
                for a in state.legal_actions(seat)
                if any(type(getattr(a, f.name)) is int for f in dataclasses.fields(a))
            ),
            None,
        )
        if numbered is not None:
            field = next(
                f.name
                for f in dataclasses.fields(numbered)
                if type(getattr(numbered, f.name)) is int
            )
            for junk in (np.float64(getattr(numbered, field)), np.bool_(True)):
                bad = dataclasses.replace(numbered, **{field: junk})
                assert not state.can(seat, bad)
                with pytest.raises(IllegalActionError, match=repr(field)):
                    state.apply(seat, bad)


@GAMES
def test_a_copy_answers_for_itself_after_the_original_moves_on(name: str) -> None:
    # Menus are remembered per position; a copy must not answer from menus bound to the original
    # (a bot copies the state, the game goes on, the bot asks the copy what it may do).
    import copy

    state = random_game(name, 9, 25, numpy=True, any_seat=True)
    seat = state.to_move[0]
    before = list(state.legal_actions(seat))
    clone = copy.deepcopy(state)
    state.apply(seat, state.legal_actions(seat)[0])
    assert list(clone.legal_actions(seat)) == before
    clone.apply(seat, clone.legal_actions(seat)[-1])
    assert clone.decisions[-1] == (seat, before[-1])
    assert len(state.decisions) == len(clone.decisions)


def test_an_action_read_off_the_menu_is_checked_like_any_other_when_the_seat_differs() -> None:
    state = tradekit.load_game("turin", players=3).new_state(seed=4)
    offer = state.legal_actions(0)[0]
    # P1 may not offer P0's card even though the very object was just read off P0's menu.
    assert offer not in state.legal_actions(1)
    assert not state.can(1, offer)
    state.apply(0, offer)
    with pytest.raises(IllegalActionError):
        state.apply(0, offer)  # the same object again: P0 has chosen, the menu is new


def test_replay_detects_a_tampered_log() -> None:
    doc = saved(steps=20)
    chance = next(i for i, e in enumerate(doc["log"]) if e["kind"] == "chance")
    doc["log"][chance]["data"] = {"deal": [99]}
    _replay_error(doc, f"log event {chance} differs", "saved", "replayed")
    doc = saved(steps=20)
    # An event's text is the engine's wording, which a later tradekit may change (seats once
    # counted from 0): it is not compared, and the replayed game tells its own.
    doc["log"][-1]["text"] = "nothing happened"
    assert tradekit.replay(json.dumps(doc)).log[-1].text == saved(steps=20)["log"][-1]["text"]
    doc = saved(steps=20)
    count = len(doc["log"])
    doc["log"].append({"kind": "info", "round": 1, "phase": "bid"})
    _replay_error(doc, "log length differs", f"saved {count + 1} events, replayed {count}")
    doc = saved(steps=20)
    doc["log"].pop()
    _replay_error(doc, "log length differs", f"saved {count - 1} events, replayed {count}")
    doc = saved(steps=20)
    visible = next(i for i, e in enumerate(doc["log"]) if e.get("visible_to"))
    doc["log"][visible]["visible_to"].append(2)
    _replay_error(doc, f"log event {visible} differs")
    doc = saved(steps=20)
    doc["seed"] += 1  # another deal: the decisions or the logged deal no longer match
    message = _replay_error(doc)
    assert "differs" in message or "is illegal" in message, message


#: First-release saves whose games the revised rulings change, each refused with a ReplayError
#: that names the first decision the rules no longer allow. Turin: a purchase now opens a claim
#: step (the saved player's next decision comes while others are asked), and a tie under the
#: "tiebreak" goose now starts with open declarations instead of sealed additions.
CHANGED_BY_REVISED_RULINGS = {
    "turin-3-heuristic": "decision 16 is illegal",
    "turin-5-underdog-red": "decision 11 is illegal",
    "turin-4-goose-secret": "decision 4 is illegal",
    # Négoces: the first player to hold the goal now wins at once, so the game ends before the
    # saved decisions do.
    "negoces-3-8": "decision 36 is illegal",
}


def test_games_saved_by_the_first_release_still_replay() -> None:
    # 57 games saved by tradekit before its events carried their facts as data (all four
    # titles, many options and variants, a scripted Medici set-up whose first two events were
    # then in the other order). They must load, and their replay must be a finished game;
    # those the revised rulings change are refused, saying where.
    path = TEST_DATA / "saves-first-release.json.gz"
    saves = json.loads(gzip.decompress(path.read_bytes()))
    assert {name.split("-")[0] for name in saves} == set(tradekit.GAMES)
    assert set(CHANGED_BY_REVISED_RULINGS) <= set(saves)
    for name, text in saves.items():
        if name in CHANGED_BY_REVISED_RULINGS:
            with pytest.raises(ReplayError, match=CHANGED_BY_REVISED_RULINGS[name]):
                tradekit.replay(text)
            continue
        state = tradekit.replay(text)
        assert state.is_over, name
        old = json.loads(text)["log"]
        assert len(state.log) >= len(old), name  # later versions log a few more consequences


def test_older_logs_may_lack_facts_and_order_a_phase_differently() -> None:
    doc = saved(steps=20)
    doc["log"][0]["data"] = {}  # fewer facts: accepted
    first = next(i for i, e in enumerate(doc["log"]) if e["phase"] != doc["log"][0]["phase"])
    assert first >= 2
    doc["log"][0], doc["log"][1] = doc["log"][1], doc["log"][0]  # same round and phase
    tradekit.replay(doc)
    doc = saved(steps=20)
    chance = next(i for i, e in enumerate(doc["log"]) if e["kind"] == "chance")
    key = next(iter(doc["log"][chance]["data"]))
    doc["log"][chance]["data"] = {key: "changed"}  # a fact that is not the replayed one
    _replay_error(doc, f"log event {chance} differs")
    doc = saved(steps=20)
    doc["log"][chance]["data"] = {**doc["log"][chance]["data"], "invented": 1}
    _replay_error(doc, f"log event {chance} differs")
    doc = saved(steps=20)
    info = next(i for i, e in enumerate(doc["log"]) if e["kind"] == "info" and i > 0)
    del doc["log"][info]  # a consequence an older version did not log: accepted
    tradekit.replay(doc)
    doc = saved(steps=20)
    del doc["log"][chance]  # but a chance result must be there
    _replay_error(doc, "differs")
    doc = saved(steps=20)
    moved = doc["log"].pop(first)  # an event moved into another phase's stretch
    doc["log"].insert(0, moved)
    _replay_error(doc, "log event 0 differs")


def test_replay_compares_seat_keys_as_json_writes_them() -> None:
    # Logged data keeps seat keys as numbers; the save writes them as texts, which a replay of
    # the text accepts. A save given as a dict with number keys is not JSON: refused, as ever.
    state = random_game("turin", 2, 40, numpy=True, any_seat=True)
    numbered = next(i for i, e in enumerate(state.log) if e.data.get("what") == "bids")
    assert all(type(k) is int for k in state.log[numbered].data["bids"])
    text = state.to_json()
    assert tradekit.replay(text).to_json() == text
    doc = json.loads(text)
    doc["log"][numbered]["data"] = dict(state.log[numbered].data)
    with pytest.raises(ReplayError, match="object key that is not a short text"):
        tradekit.replay(doc)


def test_replay_detects_a_tampered_decision_that_stays_legal() -> None:
    doc = saved(steps=20)
    original = json.dumps(doc)
    # The last decision that had another legal choice: swap it in (later decisions dropped),
    # keep the log.
    state = tradekit.replay(original)
    for k in range(len(state.decisions) - 1, -1, -1):
        seat, action = state.decisions[k]
        point = state.branch(k)
        others = [a for a in point.legal_actions(seat) if a != action]
        if others:
            doc["decisions"] = [*doc["decisions"][:k], [seat, others[0].to_json()]]
            break
    else:
        pytest.skip("no decision had an alternative")
    _replay_error(doc, "differs")


@pytest.mark.parametrize("log", [None, 5])
def test_replay_refuses_a_log_that_is_not_a_list(log: Any) -> None:
    doc = saved(steps=3)
    doc["log"] = log
    _replay_error(doc, "log")


def test_replay_refuses_bytes_that_are_not_text() -> None:
    _replay_error(b"\x80\x81 not utf-8", "not valid JSON")


def _market_save() -> tuple[dict[str, Any], int]:
    """A saved Turin game stopped in a market window, and the seat to move there."""
    for seed in range(50):
        state = tradekit.load_game("turin", players=3).new_state(seed=seed)
        rng = np.random.default_rng(seed)
        while not state.is_over and state.phase != "market":
            seat = state.to_move[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.integers(len(legal)))])
        if state.phase == "market":
            return json.loads(state.to_json()), state.to_move[0]
    raise AssertionError("no market window reached")


@pytest.mark.parametrize("kind", ["Buy", "Withdraw"])
def test_replay_refuses_an_action_field_that_is_an_object(kind: str) -> None:
    doc, seat = _market_save()
    doc["decisions"].append([seat, {"type": kind, "card": {"id": 3}}])
    _replay_error(doc, f"decision {len(doc['decisions']) - 1}")


# ---------------------------------------------------------------- undo and branch


@GAMES
def test_undo_on_a_fresh_state_is_refused(name: str) -> None:
    state = tradekit.load_game(name).new_state(seed=1)
    before = state.to_json()
    with pytest.raises(IllegalActionError, match="there is no decision to undo"):
        state.undo()
    assert state.to_json() == before


@GAMES
def test_undo_steps_back_exactly_one_decision(name: str) -> None:
    state = random_game(name, 8, 25, numpy=True, any_seat=True)
    history = [state.branch(k).to_json() for k in range(len(state.decisions) + 1)]
    decisions = state.decisions
    for k in range(len(decisions), 0, -1):
        assert state.undo() == decisions[k - 1][1]
        assert state.to_json() == history[k - 1]
    with pytest.raises(IllegalActionError):
        state.undo()


@GAMES
def test_branch_equals_replaying_the_first_decisions(name: str) -> None:
    state = random_game(name, 4, numpy=True, any_seat=True)
    full = state.to_json()
    n = len(state.decisions)
    assert n > 0
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
        branch = state.branch(k)
        fresh = state.game.new_state(seed=state.seed)
        for seat, action in state.decisions[:k]:
            fresh.apply(seat, action)
        assert branch.to_json() == fresh.to_json()
        assert branch.decisions == state.decisions[:k]
        assert branch is not state
    assert state.branch(n).to_json() == full
    assert state.to_json() == full  # branching leaves the game alone
    branch = state.branch(n // 2)
    if not branch.is_over:
        seat = branch.to_move[0]
        branch.apply(seat, branch.legal_actions(seat)[0])
        assert state.to_json() == full  # playing on a branch leaves the game alone


@GAMES
@pytest.mark.parametrize("k", [-1, 10_000])
def test_branch_out_of_range_is_refused(name: str, k: int) -> None:
    state = random_game(name, 4, 5, numpy=True, any_seat=True)
    with pytest.raises(ValueError, match=r"decisions must be in 0\.\.5"):
        state.branch(k)


# ---------------------------------------------------------------- the registry


def test_games_lists_turin() -> None:
    assert "turin" in tradekit.GAMES
    assert registered_games() == tradekit.GAMES
    assert isinstance(tradekit.GAMES, tuple)


@GAMES
def test_load_game_default_options_round_trip(name: str) -> None:
    game = tradekit.load_game(name)
    assert game.name == name
    assert tradekit.load_game(name, **game.options()) == game
    json.dumps(game.options())  # options are plain JSON
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.players = 4  # type: ignore[attr-defined, misc]


def test_load_game_refuses_an_unknown_game() -> None:
    with pytest.raises(ConfigError, match="option 'name' = 'chess' is not allowed") as info:
        tradekit.load_game("chess")
    assert "'turin'" in str(info.value)


def test_load_game_refuses_an_unknown_option() -> None:
    with pytest.raises(ConfigError) as info:
        tradekit.load_game("turin", colour="blue")
    message = str(info.value)
    assert "option 'colour' = 'blue' is not allowed" in message
    assert "players" in message and "scoring" in message  # lists the options there are


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("players", 1),
        ("players", 6),
        ("players", "3"),
        ("players", True),
        ("scoring", "blue"),
        ("public_money", "yes"),
        ("goose", "duck"),
    ],
)
def test_load_game_refuses_a_bad_option_value(option: str, value: Any) -> None:
    with pytest.raises(ConfigError, match=f"option '{option}' = {value!r} is not allowed"):
        tradekit.load_game("turin", **{option: value})


# ---------------------------------------------------------------- data tables


def _table(tmp_path: Path, text: str, name: str = "goods.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_table_reads_a_good_file(tmp_path: Path) -> None:
    path = _table(tmp_path, "good, units\ngrapes, 6\n\nrice,5\n")
    table = Table.read(path, ["good", "units"])
    assert len(table) == 2
    assert table.text(0, "good") == "grapes"
    assert table.integer(1, "units", minimum=0) == 5
    assert Table.header(path) == ["good", "units"]


@pytest.mark.parametrize(
    ("text", "row", "column", "message"),
    [
        ("good\ngrapes\n", 1, "units", "missing column"),
        ("good,units,colour\ngrapes,6,red\n", 1, "colour", "unexpected column"),
        ("good,units\ngrapes,\n", 2, "units", "empty cell"),
        ("good,units\ngrapes,6\nrice,5,7\n", 3, None, "more cells than columns"),
        ("good,units\ngrapes,6\n,4\n", 3, "good", "empty cell"),
        ("", 1, None, "the file is empty"),
        ("good,units\n", None, None, "the table has no rows"),
    ],
)
def test_table_errors_name_file_row_and_column(
    tmp_path: Path, text: str, row: int | None, column: str | None, message: str
) -> None:
    path = _table(tmp_path, text)
    with pytest.raises(DataError) as info:
        Table.read(path, ["good", "units"])
    err = info.value
    assert (err.file, err.row, err.column) == (str(path), row, column)
    where = str(path) + (f", row {row}" if row else "") + (f", column {column!r}" if column else "")
    assert str(err).startswith(where + ": " + message), str(err)


@pytest.mark.parametrize(
    ("cell", "minimum", "message"),
    [
        ("x", None, "expected a whole number, got 'x'"),
        ("2.5", None, "expected a whole number, got '2.5'"),
        ("-1", 0, "must be at least 0, got -1"),
    ],
)
def test_table_integer_errors_name_the_cell(
    tmp_path: Path, cell: str, minimum: int | None, message: str
) -> None:
    path = _table(tmp_path, f"good,units\ngrapes,6\nrice,{cell}\n")
    table = Table.read(path, ["good", "units"])
    with pytest.raises(DataError) as info:
        table.integer(1, "units", minimum=minimum)
    assert str(info.value) == f"{path}, row 3, column 'units': {message}"


def test_table_missing_and_undecodable_files(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="file not found"):
        Table.read(tmp_path / "nope.csv", ["good"])
    with pytest.raises(DataError, match="file not found"):
        Table.header(tmp_path / "nope.csv")
    path = tmp_path / "latin1.csv"
    path.write_bytes("good\ncaf\xe9\n".encode("latin-1"))
    with pytest.raises(DataError, match="not UTF-8"):
        Table.read(path, ["good"])


def test_table_row_numbers_count_blank_lines(tmp_path: Path) -> None:
    path = _table(tmp_path, "good,units\ngrapes,6\n\nrice,x\n")  # rice is on line 4
    table = Table.read(path, ["good", "units"])
    with pytest.raises(DataError, match="row 4"):
        table.integer(1, "units")
