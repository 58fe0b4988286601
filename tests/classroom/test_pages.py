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


def test_each_legal_card_of_the_table_carries_its_action_and_no_other_card_does() -> None:
    import html as html_module
    import json
    import re

    from tradekit.classroom.replies import seat_reply
    from tradekit.classroom.rooms import Room

    room = Room.open("turin", players=3, seed=2)
    room.join(room.code, "Ada")
    room.start(1)
    table = room.tables[1]
    reply = seat_reply(table, 0, html=True)
    legal = [item["action"] for item in reply["legal"]]
    drawn = reply["html"]["table"]
    marked = {
        int(card): json.loads(html_module.unescape(action))
        for card, action in re.findall(r'data-card="(\d+)" data-action="([^"]*)"', drawn)
    }
    cards = {int(c) for c in re.findall(r'data-card="(\d+)"', drawn)}
    hand = set(table.state.view(0).hands[0])  # type: ignore[union-attr]
    assert set(marked) == hand and cards >= hand
    for card, action in marked.items():
        assert action in legal and action["card"] == card
    # Not this seat's turn (or a robot's seat): no card carries an action.
    other = seat_reply(table, 1, html=True)["html"]["table"]
    assert "data-action" not in other


def test_medicis_pile_turns_a_card_when_clicked_and_only_for_the_dealer() -> None:
    import html as html_module
    import json
    import re

    from tradekit.classroom.replies import seat_reply
    from tradekit.classroom.rooms import Room

    room = Room.open("medici", players=3, seed=2)
    room.join(room.code, "Ada")
    room.start(1)
    reply = seat_reply(room.tables[1], 0, html=True)
    assert {"type": "Turn"} in [item["action"] for item in reply["legal"]]
    (action,) = re.findall(r'data-section="pile" data-action="([^"]*)"', reply["html"]["table"])
    assert json.loads(html_module.unescape(action)) == {"type": "Turn"}
    table = room.tables[1]
    before = len(table.state.view(0).lot)  # type: ignore[union-attr]
    table.act(0, {"type": "Turn"})  # what the page sends when the pile is clicked
    assert len(table.state.view(0).lot) == before + 1  # type: ignore[union-attr]
    # Another seat, not to move: its pile is no control.
    other = seat_reply(table, 1, html=True)["html"]["table"]
    assert 'data-section="pile"' in other and 'data-section="pile" data-action' not in other
