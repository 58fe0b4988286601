"""The class pages' own words: a refusal from the server is told in the page's language."""

from __future__ import annotations

import json
import re

import pytest

from tradekit.classroom import pages
from tradekit.i18n import t

#: Every kind of refusal a page tells in its own words (see ``problem`` in the pages' script).
KINDS = ("not_played", "not_now", "not_allowed", "not_found", "signed_out", "too_fast", "failed")


def _texts(html: str) -> dict[str, str]:
    # The script's texts: the object literal after "T=" on the script's first line.
    found = re.search(r"\bT=\{", html)
    assert found, "the page's script holds no texts"
    texts: dict[str, str] = json.JSONDecoder().raw_decode(html, found.end() - 1)[0]
    return texts


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("page", ["join", "play", "teacher"])
def test_each_page_can_say_each_refusal_in_its_language(lang: str, page: str) -> None:
    html = {
        "join": lambda: pages.join_page(lang),
        "play": lambda: pages.play_page(lang),
        "teacher": lambda: pages.teacher_page(lang, "http://127.0.0.1:1/?code=ABC234", "ABC234"),
    }[page]()
    texts = _texts(html)
    for kind in KINDS:
        assert texts[f"problem_{kind}"] == t(f"classroom.problem_{kind}", lang)
    # An English page shows the server's (English) words, and every page a refused move's (422),
    # which the server words in the page's language; a 409 on a student's page never does: the
    # server's words speak of a version number.
    assert "(LANG === 'en' || status === 422) && kind !== 'not_played' ? error" in html


def test_french_refusals_are_french_and_no_refusal_speaks_of_versions() -> None:
    for kind in KINDS:
        french = t(f"classroom.problem_{kind}", "fr")
        assert not re.search(r"\b(the|and|must|try|version)\b", french, re.I), french
        assert "version" not in t(f"classroom.problem_{kind}", "en").lower()
