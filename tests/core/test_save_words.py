"""A save that cannot be read is refused with what is wrong in a sentence first ("This save was
cut off — load the whole file"), and the developer's detail (which line of the JSON, which
decision) on a second line; each sentence exists in every language."""

from __future__ import annotations

import gzip
import json

import pytest

import tradekit
from tradekit.core.errors import SAVE_PROBLEMS, ReplayError
from tradekit.i18n import LANGS, has_message, t

PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10"


def _save(seed: int = 4) -> str:
    state = tradekit.load_game("turin", players=3).new_state(seed=seed)
    for _ in range(4):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    return state.to_json(indent=1)


def _refusal(saved: object) -> ReplayError:
    with pytest.raises(ReplayError) as refused:
        tradekit.replay(saved)  # type: ignore[arg-type]
    return refused.value


def _cases() -> list[tuple[str, object, str, str]]:
    """(what, save, problem, a piece of the detail)."""
    whole = _save()
    doc = json.loads(whole)
    return [
        ("cut in the middle", whole[: len(whole) // 2], "cut_off", "not valid JSON (line"),
        ("cut at the end", whole.rstrip()[:-1], "cut_off", "not valid JSON"),
        ("a picture", PNG, "not_a_save", "not text"),
        ("gzip bytes", gzip.compress(whole.encode()), "not_a_save", "not text"),
        ("prose", "Dear teacher, here is my game", "not_a_save", "not valid JSON"),
        ("a list", "[1, 2]", "not_a_save", "this is a list"),
        ("another format", '{"format": "notes"}', "not_a_save", "format must be"),
        ("a seat save", _seat_save(), "seat_save", "seat save"),
        ("a newer version", json.dumps({**doc, "version": 9}), "version", "format version 9"),
        ("a changed seed", json.dumps({**doc, "seed": doc["seed"] + 1}), "changed", "is illegal"),
        ("a changed table", _changed_table(doc), "tables", "has changed since"),
    ]


def _seat_save() -> str:
    return tradekit.load_game("turin", players=3).new_state(seed=4).to_json(viewer=0)


def _changed_table(doc: dict[str, object]) -> str:
    tables = dict(doc["tables"])  # type: ignore[call-overload]
    name = sorted(tables)[0]
    tables[name] = tables[name] + "\n"
    return json.dumps({**doc, "tables": tables})


@pytest.mark.parametrize(("what", "saved", "problem", "detail"), _cases())
def test_a_bad_save_says_what_is_wrong_in_a_sentence_first(
    what: str, saved: object, problem: str, detail: str
) -> None:
    refused = _refusal(saved)
    assert refused.problem == problem, (what, str(refused))
    first, _, second = str(refused).partition("\n")
    assert first == SAVE_PROBLEMS[problem] == refused.sentence
    assert detail in second and second == refused.detail, (what, second)
    # No developer's words before the sentence: no codec, no character offset.
    assert "codec" not in first and "char" not in first and "JSON" not in first


def test_the_problems_read_in_every_language_and_the_engine_says_the_english() -> None:
    for problem, english in SAVE_PROBLEMS.items():
        assert has_message(f"save.{problem}")
        assert t(f"save.{problem}", "en") == english
        for lang in LANGS:
            assert t(f"save.{problem}", lang).endswith("."), (problem, lang)
    assert t("save.cut_off", "fr") == "Cette sauvegarde est coupée : chargez le fichier entier."


def test_a_refusal_that_is_not_about_a_save_keeps_its_own_words() -> None:
    plain = ReplayError("unknown action type 'Fly'")
    assert plain.problem is None and str(plain) == "unknown action type 'Fly'"
    assert plain.as_problem("changed").sentence == SAVE_PROBLEMS["changed"]
    with pytest.raises(ValueError, match="unknown save problem"):
        ReplayError("x", "lost")


def test_a_good_save_still_replays_and_a_seat_save_still_reviews() -> None:
    whole = _save()
    assert tradekit.replay(whole).to_json(indent=1) == whole
    assert len(tradekit.review(_seat_save())) >= 1
