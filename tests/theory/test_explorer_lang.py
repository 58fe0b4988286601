"""The theory explorers in French: every word a reader sees in a widget (labels, options,
placeholders, summaries, check tables, error sentences, status lines) or in one of its charts
(titles, subtitles, axis and legend titles, tooltip titles and the labels its data shows) is
French, and the English explorers and charts read as they did."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pytest.importorskip("ipywidgets", reason="needs the notebook extra")
pytest.importorskip("altair")
pytest.importorskip("scipy")

from tests.session.test_words import ENGLISH
from tradekit.core.errors import ConfigError
from tradekit.theory import charts, simulate
from tradekit.theory.explorer import (
    AscendingExplorer,
    ChartSlot,
    CoinExplorer,
    Explorer,
    OnceAroundExplorer,
    SealedBidExplorer,
    TieExplorer,
)

_WORD = re.compile(r"\b(" + "|".join(ENGLISH) + r")\b")
_TAG = re.compile(r"<[^>]+>")

#: Each explorer, built small enough to be quick.
BUILD: dict[str, Callable[[str], Any]] = {
    "sealed": lambda lang: SealedBidExplorer(mode="svg", draws=500, seed=1, lang=lang),
    "coins": lambda lang: CoinExplorer(mode="svg", draws=500, seed=1, iterations=100, lang=lang),
    "once around": lambda lang: OnceAroundExplorer(mode="svg", draws=500, seed=1, lang=lang),
    "ascending": lambda lang: AscendingExplorer(mode="svg", draws=300, seed=1, lang=lang),
    "ties": lambda lang: TieExplorer(mode="svg", draws=500, seed=1, lang=lang),
}

#: A bad entry for each explorer: (the control, what is typed, the error said), or None if it
#: has no text box.
BAD: dict[str, tuple[str, str, str] | None] = {
    "sealed": ("custom_prizes", "2, oops", "prix au choix : « oops » n'est pas un nombre."),
    "coins": None,
    "once around": (
        "budgets",
        "5, 5",
        "budgets : 2 budgets pour 3 valeurs connues ; tapez un budget par valeur connue, ou aucun.",
    ),
    "ascending": None,
    "ties": (
        "rewards",
        "30, -20",
        "gains : « -20 » est inférieur à 0 ; tapez des nombres de 0 ou plus.",
    ),
}


def widget_texts(widget: Any) -> Iterator[str]:
    """Every text a reader sees in ``widget`` and the widgets inside it: descriptions, tooltips,
    placeholders, option labels and the words of HTML and labels (tags stripped). Typed entries
    (a text box's value) are the reader's own, and charts are drawn pictures: neither is read."""
    for name in ("description", "tooltip", "placeholder"):
        text = getattr(widget, name, None)
        if isinstance(text, str) and text:
            yield text
    labels = getattr(widget, "_options_labels", None)
    if labels:
        yield from labels
    if type(widget).__name__ in ("HTML", "Label", "HTMLMath"):
        yield html.unescape(_TAG.sub(" ", widget.value))
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


#: The channels of an encoding that show their field's name when they have no title.
_NAMED = ("x", "y", "color", "column", "row", "strokeDash", "size")


def chart_texts(spec: Any) -> Iterator[str]:
    """Every text a reader sees in a chart's spec (``chart.to_dict()``): titles and subtitles,
    axis, legend and header titles, tooltip titles (a field's own name where it has none), and
    the text values of its data (category labels in legends, headers and tooltips)."""
    if isinstance(spec, list):
        for item in spec:
            yield from chart_texts(item)
        return
    if not isinstance(spec, dict):
        return
    for key, value in spec.items():
        if key == "title" and isinstance(value, str):
            yield value
        elif key in ("text", "subtitle") and isinstance(value, str | list):
            yield from (
                [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)]
            )
        elif key == "datasets":
            for rows in value.values():
                yield from (v for row in rows for v in row.values() if isinstance(v, str))
        elif key == "encoding":
            for channel, enc in value.items():
                shown = [enc] if channel in _NAMED else enc if channel == "tooltip" else []
                for one in shown if isinstance(shown, list) else [shown]:
                    if isinstance(one, dict) and "field" in one and "title" not in one:
                        yield one["field"]
            yield from chart_texts(value)
        else:
            yield from chart_texts(value)


def shown_charts(ex: Explorer) -> dict[str, dict[str, Any]]:
    """The spec of each chart ``ex`` shows, by its slot's name."""
    return {
        name: slot.chart.to_dict()
        for name, slot in vars(ex).items()
        if isinstance(slot, ChartSlot) and slot.chart is not None
    }


def english_in(ex: Explorer) -> list[str]:
    """The English words of :data:`ENGLISH` found in what ``ex`` shows (its widgets and its
    charts), with where."""
    texts = [*widget_texts(ex.widget)]
    texts += [text for spec in shown_charts(ex).values() for text in chart_texts(spec)]
    return [f"{word!r} in {text!r}" for text in texts for word in _WORD.findall(text.lower())]


def test_the_walk_finds_what_it_looks_for() -> None:
    ex = BUILD["once around"]("en")
    texts = list(widget_texts(ex.widget))
    assert "players n" in texts and "none" in texts  # a description and a placeholder
    assert "uniform on [0, 1]" in texts  # a drop-down's options
    assert any("Check against" in x for x in texts) and any("P1" in x for x in texts)
    assert english_in(ex)  # the English explorer is caught
    spec = ex.seat_slot.chart.to_dict()
    texts = list(chart_texts(spec))
    assert "Who wins the once-around auction (4 players)" in texts  # a title
    assert "seat (P1 speaks first)" in texts and "expected payment" in texts  # an axis, a label
    assert "seat" in texts  # a tooltip's field without a title of its own


@pytest.mark.parametrize("name", list(BUILD))
def test_each_french_explorers_charts_show_no_english(name: str) -> None:
    ex = BUILD[name]("fr")
    ex.check.click()
    specs = shown_charts(ex)
    assert len(specs) >= 2, "the charts (and the check's) are walked"
    found = [
        f"{slot}: {word!r} in {text!r}"
        for slot, spec in specs.items()
        for text in chart_texts(spec)
        for word in _WORD.findall(text.lower())
    ]
    assert found == []


@pytest.mark.parametrize("name", list(BUILD))
def test_each_explorer_shows_only_french_in_french(name: str) -> None:
    ex = BUILD[name]("fr")
    assert ex.lang == "fr" and english_in(ex) == []
    ex.check.click()
    assert ex.checks and english_in(ex) == [], "after a check"
    assert "grandeurs concordent à 3 écarts-types près" in ex.check_table.value
    assert ex.check.description == "Comparer à une nouvelle simulation"
    bad = BAD[name]
    if bad is not None:
        control, typed, error = bad
        if name == "sealed":
            ex.prizes.value = "custom"
        getattr(ex, control).value = typed
        assert html.unescape(_TAG.sub("", ex.summary.value)) == error
        assert english_in(ex) == [], "after a bad entry"
        ex.check.click()
        assert english_in(ex) == [], "after a check on a bad entry"
        if name != "once around":  # its simulation does not read the entry
            assert html.unescape(_TAG.sub("", ex.check_table.value)) == error


@pytest.mark.slow
def test_every_option_of_every_french_explorer_reads_in_french() -> None:
    """Each choice of each drop-down and toggle, chosen in turn: the summary follows it (every
    explorer recomputed once per choice: left out of the fast tier)."""
    for name, build in BUILD.items():
        ex = build("fr")
        for control in ("values", "prizes", "pays", "fraction", "rounding", "ties", "zero_bids"):
            widget = getattr(ex, control, None)
            if widget is None or not hasattr(widget, "options"):
                continue
            for _, value in widget.options:
                widget.value = value
                assert english_in(ex) == [], f"{name}: {control} = {value}"
        if name == "ties":
            for rule in ("Medici ships", "Medici ladder", "Turin majority"):
                ex.rule.value = rule
                assert english_in(ex) == [], rule


def test_the_sealed_explorer_says_a_missing_equilibrium_in_french() -> None:
    ex = BUILD["sealed"]("fr")
    ex.prizes.value = "custom"
    ex.pays.value = "only the top pays in full"
    ex.custom_prizes.value = "3, 2"
    ex.a.value = 0.0  # below the least a: the candidate bid decreases
    assert "pas d'équilibre croissant" in html.unescape(ex.summary.value)
    assert "plus petit a donnant un équilibre croissant</td><td><b>0,250" in ex.summary.value
    assert english_in(ex) == []
    ex.custom_prizes.value = "1, 2"  # prizes rising down the places
    assert "les prix montent en descendant les places" in html.unescape(ex.summary.value)
    ex.budget.value = 0.4
    assert "seulement avec un prix unique" in ex.summary.value and english_in(ex) == []


def test_french_numbers_have_a_decimal_comma() -> None:
    ex = BUILD["sealed"]("fr")
    assert "0,500" in ex.summary.value and "0.500" not in ex.summary.value
    ex.budget.value = 0.4
    assert "avec un budget de 0,4" in ex.summary.value
    assert re.search(r"\d,\d %", BUILD["once around"]("fr").summary.value)


def _svg_numbers(slot: Any) -> list[str]:
    """The numbers written in the SVG a chart slot drew (axis ticks, legends)."""
    (svg,) = [o["data"]["image/svg+xml"] for o in slot.widget.outputs]
    return re.findall(r">(-?[0-9][0-9.,  %]*)</text>", svg)


@pytest.mark.parametrize("name", ["sealed", "once around"])
def test_the_charts_write_their_own_numbers_in_french(name: str) -> None:
    fr, en = BUILD[name]("fr"), BUILD[name]("en")
    french = [n for slot in _slots(fr) for n in _svg_numbers(slot)]
    english = [n for slot in _slots(en) for n in _svg_numbers(slot)]
    assert any("." in n for n in english), english  # the charts do write decimals
    assert french and not any("." in n for n in french), french
    assert any(re.fullmatch(r"-?\d+,\d+( %)?", n) for n in french), french
    # The same ticks, only written the French way.
    assert len(french) == len(english)
    assert [n.replace(",", "").replace(" ", "") for n in french] == [
        n.replace(",", "").replace(".", "").replace(" ", "") for n in english
    ]


def _slots(ex: Any) -> list[Any]:
    """The chart slots of an explorer that drew a chart."""
    return [
        slot
        for name, slot in vars(ex).items()
        if name.endswith("_slot") and name != "check_slot" and slot.chart is not None
    ]


def test_the_status_line_says_simulating_in_the_explorers_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = []
    real = simulate.once_around

    def watched(*args: Any, **kwargs: Any) -> list[simulate.Check]:
        seen.append(ex.check.description)
        return real(*args, **kwargs)

    monkeypatch.setattr(simulate, "once_around", watched)
    ex = BUILD["once around"]("fr")
    ex.check.click()
    ex = BUILD["once around"]("en")
    ex.check.click()
    assert seen == ["Simulation en cours ...", "Simulating ..."]


def test_an_error_from_beyond_the_explorer_is_not_shown_in_english_in_french(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ex = BUILD["once around"]("fr")

    def broken(*args: object, **kwargs: object) -> None:
        raise ValueError("a model's English words")

    monkeypatch.setattr("tradekit.theory.explorer.complete_information", broken)
    ex.known.value = "12, 9, 16"
    assert "English" not in ex.summary.value and "essayez-en d" in ex.summary.value
    en = BUILD["once around"]("en")
    en.known.value = "12, 9, 16"  # in English, a model's sentence is the reader's
    assert "a model&#x27;s English words" in en.summary.value


def test_the_charts_get_french_titles_and_labels() -> None:
    sealed = BUILD["sealed"]("fr")
    sealed.check.click()
    spec = sealed.check_slot.chart.to_dict()
    assert spec["title"]["text"] == "La théorie face à une nouvelle simulation"
    assert "les règles mêmes du moteur" in " ".join(spec["title"]["subtitle"])
    assert "payé par les gagnants" in str(spec)  # the quantities, named as the table names them
    assert sealed.checks[1].quantity == "winners pay"  # while the checks keep their labels
    coins = BUILD["coins"]("fr")
    spec = coins.bids_slot.chart.to_dict()
    assert "1/2, arrondi inférieur" in str(spec) and "sans arrondi" in str(spec)
    assert "part du perdant" in str(spec)
    ascending = BUILD["ascending"]("fr")
    assert "+1/+2, saut" in str(ascending.chart_slot.chart.to_dict())
    ties = BUILD["ties"]("fr")
    title = ties.chart_slot.chart.to_dict()["title"]["text"]
    assert title.startswith("navires de Medici : gains ")


def test_the_english_explorers_read_as_before() -> None:
    sealed = BUILD["sealed"]("en")
    assert sealed.title == "Sealed bids: the winner pays its bid, every loser a share a of its bid"
    assert sealed.check.description == "Check against a fresh simulation"
    assert "<td>model</td><td><b>3 bidders, uniform(0, 1) values</b>" in sealed.summary.value
    sealed.check.click()
    assert sealed.check_table.value.startswith(
        "<table><tr><th>quantity</th><th>theory</th><th>simulation (±2 se)</th><th>z</th>"
        "<th>within 3 se</th></tr><tr><td>revenue</td>"
    )
    assert sealed.check_slot.chart.to_dict()["title"]["text"] == (
        "Theory against a fresh simulation"
    )
    coins = BUILD["coins"]("en")
    assert "<td>odd bids</td><td><b>" in coins.summary.value
    assert coins.rounding._options_labels == ("down", "exact", "up")
    assert "1/2, rounded down" in str(coins.bids_slot.chart.to_dict())
    ties = BUILD["ties"]("en")
    assert ties.rewards.placeholder == "the rulebook's"
    assert ties.chart_slot.chart.to_dict()["title"]["text"].startswith("Medici ships: rewards ")
    once = BUILD["once around"]("en")
    assert once.complete.value.startswith("<p><b>Complete information, whole coins</b> (values ")
    assert "P3: pass" in once.complete.value or "P3: bids" in once.complete.value


def test_the_english_charts_read_as_before() -> None:
    """The notebooks' English: a couple of titles, subtitles, axes and legend labels pinned."""
    from tradekit.theory.once_around import OnceAround
    from tradekit.theory.sealed import SealedBid
    from tradekit.theory.values import Values

    model = SealedBid(3, 0.5)
    spec = charts.bid_chart(model).to_dict()
    assert spec["title"]["text"] == "Equilibrium bids: 3 bidders, uniform(0, 1) values, one prize"
    subtitle = spec["title"]["subtitle"]
    assert " ".join(subtitle).endswith(
        "losers 1/2 of it exactly (no rounding). Dashed: bid = value of the top prize."
    )
    # Lines short enough to stay inside the picture in the browser's font.
    assert max(len(line) for line in subtitle) <= 70, subtitle
    assert spec == charts.bid_chart(model, lang="en").to_dict()
    split = charts.revenue_split_chart(model).to_dict()
    assert split["title"]["text"] == "Who pays: the same total, split differently"
    assert split["layer"][0]["encoding"]["color"]["scale"]["domain"] == ["winners", "losers"]
    seats = charts.seat_chart(OnceAround(3, Values.uniform())).to_dict()
    assert seats["title"]["text"] == "Who wins the once-around auction (3 players)"
    assert {"chance of winning", "expected surplus", "expected payment"} <= set(chart_texts(seats))


def test_the_french_charts_say_their_rules_and_numbers_in_french() -> None:
    from tradekit.theory.sealed import SealedBid
    from tradekit.theory.splitting import MajorityRule, RankRule

    model = SealedBid(4, 0.25, prizes=(2, 1))
    assert charts.sealed_rules(model, lang="fr").endswith(
        "les gagnants paient leur mise, les perdants 1/4 de leur mise exactement (sans arrondi)"
    )
    spec = charts.bid_chart(model, lang="fr").to_dict()
    assert spec["title"]["text"] == (
        "Mises d'équilibre : 4 enchérisseurs, valeurs uniformes(0, 1), prix 2, 1"
    )
    assert "a = 0,25" in set(chart_texts(spec))  # a legend label, its decimal comma
    budget = charts.bid_chart(SealedBid(3, 0.5), budget=0.4, lang="fr").to_dict()
    assert "a = 1/2 (Marché de Turin), budget 0,4" in set(chart_texts(budget))
    split = charts.revenue_split_chart(model, lang="fr").to_dict()
    assert split["layer"][0]["encoding"]["color"]["scale"]["domain"] == ["gagnants", "perdants"]
    assert charts.split_rules(MajorityRule(6), "fr").endswith("chaque part arrondie au supérieur")
    assert "ne sont pas classés" in charts.split_rules(RankRule((3, 2, 1), unranked_at=0), "fr")
    ties = BUILD["ties"]("fr")
    subtitle = " ".join(ties.chart_slot.chart.to_dict()["title"]["subtitle"])
    assert re.search(r"moyenne [+-]\d,\d{3} pièces", subtitle)
    assert re.search(r"dans \d+,\d % des cas", subtitle)


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ConfigError, match="lang"):
        SealedBidExplorer(mode="svg", lang="de")
