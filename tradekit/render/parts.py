"""The building blocks every game's table is drawn with: pure functions returning HTML strings.

A game's renderer composes these parts (cards, coins, seat panels, sections, tables of numbers)
instead of writing its own markup, so the four games look alike and share one stylesheet
(:data:`STYLE`, scoped under the ``tk`` class so it never restyles the rest of a notebook).
Every piece of text goes through :func:`esc`.

Example:
    >>> esc("<b>&")
    '&lt;b&gt;&amp;'
    >>> "tk-coin" in coins(5)
    True
    >>> pill("bid", "accent")
    '<span class="tk-pill tk-accent">bid</span>'
"""

from __future__ import annotations

import base64
import dataclasses
import functools
import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence

#: Colours for goods (or suits, ships ...) by position; games index it with the good's position.
PALETTE: tuple[str, ...] = (
    "#8e44ad",  # violet
    "#6d4c41",  # brown
    "#37474f",  # slate
    "#c0392b",  # red
    "#d68910",  # amber
    "#27ae60",  # green
    "#f1c40f",  # yellow
    "#2e86c1",  # blue
    "#a1887f",  # beige
    "#16a085",
    "#e67e22",
    "#7f8c8d",
)

#: The sizes a table is drawn at: each is the table's base font size, and every length of the
#: stylesheet is in ``em`` of it, so a size scales the whole table at once. ``auto`` scales with the
#: width of the space the table is given (a CSS container query) and stacks when it is narrow.
SIZES: dict[str, str] = {
    "auto": "clamp(14px,1.28cqi,26px)",
    "projector": "24px",
    "laptop": "15px",
    "phone": "15px",
}

#: The share of the base font size below which no text of a table goes (captions, card ids):
#: 24 px × 0.85 = 20.4 px on a projector.
SMALLEST = 0.85

#: The rules that stack a table (one column of sections and seats) on a phone, and in ``auto``
#: when the space is narrower than :data:`STACK_BELOW` pixels.
_STACKED = (
    ".tk-row{flex-direction:column;align-items:stretch}",
    ".tk-seats{grid-template-columns:1fr}",
    ".tk-head{flex-direction:column;align-items:flex-start}",
    # A grid's columns (one per player, say) do not fit a phone's width: each row becomes a
    # line of its own, its first cell on top and every other cell after its column's name.
    ".tk-grid,.tk-grid tbody,.tk-grid tr{display:block;width:100%}",
    ".tk-grid thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}",
    ".tk-grid tr{display:flex;flex-wrap:wrap;align-items:center;gap:.15em .7em;"
    "border-bottom:1px solid #dbe2ea;padding:.3em 0}",
    ".tk-grid th,.tk-grid td{border:0;padding:0;text-align:left}",
    ".tk-grid td.tk-left{flex-basis:100%}",
    ".tk-grid td[data-label]::before{content:attr(data-label) ' ';color:#6b7a8c;font-weight:400}",
    ".tk-grid td.tk-major{padding:0 .3em;border-radius:.3em}",
)
STACK_BELOW = 640

_SMALL = f"{SMALLEST}em"


def _scoped(scope: str, rule: str) -> str:
    """``rule`` for the elements inside ``scope`` only: every selector of its list is prefixed
    (prefixing only the first of ``a,b{...}`` would let ``b`` apply at every size).

    Example:
        >>> _scoped(".tk-size-phone", ".tk-grid,.tk-grid tr{display:block}")
        '.tk-size-phone .tk-grid,.tk-size-phone .tk-grid tr{display:block}'
    """
    selectors, body = rule.split("{", 1)
    return ",".join(f"{scope} {s.strip()}" for s in selectors.split(",")) + "{" + body


#: The one stylesheet, included once at the top of every rendered table.
STYLE = (
    """<style>
.tk-frame{container-type:inline-size;width:100%}
.tk{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:var(--tk-fs,15px);
color:#1d1d1f;line-height:1.35;white-space:normal}
.tk-frame>.tk{width:100%}
"""
    + "".join(f".tk-size-{name}>.tk{{font-size:{value}}}\n" for name, value in SIZES.items())
    + """.tk *{box-sizing:border-box}
.tk-head{display:flex;flex-wrap:wrap;gap:.4em 1em;align-items:center;padding:.4em .7em;
background:#1f3a5f;color:#fff;border-radius:.5em .5em 0 0}
.tk-head b{font-size:1.15em}
.tk-body{border:1px solid #c9d3df;border-top:0;border-radius:0 0 .5em .5em;padding:.5em;
background:#f7f9fc}
.tk-row{display:flex;flex-wrap:wrap;gap:.5em;align-items:flex-start}
.tk-section{background:#fff;border:1px solid #dbe2ea;border-radius:.5em;padding:.4em .6em;
margin:0 0 .5em;max-width:100%;overflow-x:auto}
.tk-section>h4{margin:0 0 .3em;font-size:SMALL;text-transform:uppercase;letter-spacing:.04em;
color:#4a5a6e}
.tk-seats{display:grid;grid-template-columns:repeat(auto-fit,minmax(19em,1fr));gap:.5em;
margin:0 0 .5em}
.tk-seat{background:#fff;border:1px solid #dbe2ea;border-radius:.5em;padding:.4em .6em;
min-width:0}
.tk-seat.tk-active{border:.15em solid #e67e22;box-shadow:0 0 0 .15em #fde3c8}
.tk-seat.tk-me{background:#fffdf4}
.tk-seat-head{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:center;
gap:.4em;margin-bottom:.3em}
.tk-seat-name{font-weight:600;font-size:1.1em}
.tk-card{display:inline-flex;flex-direction:column;width:8em;min-height:5em;border-radius:.45em;
border:1px solid #b9c3cf;background:#fff;padding:.2em .35em;margin:.15em;vertical-align:top;
box-shadow:0 1px 2px rgba(0,0,0,.08);font-size:SMALL}
.tk-card.tk-small{width:7em;min-height:4em}
.tk-card-id{color:#6b7a8c;display:flex;justify-content:space-between}
.tk-pic{display:inline-flex;flex-direction:column;align-items:center;margin:.15em;
vertical-align:top;max-width:7.2em}
.tk-pic>svg{display:block;width:7em;height:auto;filter:drop-shadow(0 1px 1px rgba(0,0,0,.15))}
.tk-pic.tk-small{max-width:6.2em}
.tk-pic.tk-side{flex-direction:row;align-items:flex-start;gap:.4em;max-width:20em}
.tk-pic.tk-side>.tk-label{text-align:left;max-width:12em}
.tk-pic.tk-small>svg{width:6em}
.tk-pic.tk-tag>svg{outline:.15em solid #e67e22;border-radius:.5em}
.tk-pic>.tk-price,.tk-pic>.tk-label{text-align:center}
.tk-unit{display:flex;flex-wrap:wrap;align-items:center;gap:.3em;white-space:nowrap}
.tk-dots{display:inline-flex;gap:.15em;min-width:2em;flex:none}
.tk-dot{display:inline-block;width:.6em;height:.6em;border-radius:50%;flex:none}
.tk-swatch{display:inline-block;width:.75em;height:.75em;border-radius:.15em;vertical-align:middle;
margin-right:.2em}
.tk-good-pic{height:1.375em;width:auto;vertical-align:middle;flex:none}
.tk-grid .tk-good-pic{height:1.53em}
.tk-back{display:inline-block;margin:.15em;vertical-align:middle;line-height:0}
.tk-back>svg{width:2.6em;height:auto}
.tk-back[data-big]>svg{width:7em}
.tk-backs{display:inline-flex;align-items:center;white-space:nowrap;vertical-align:middle;
max-width:100%}
.tk-backs>.tk-back+.tk-back{margin-left:var(--tk-overlap,.15em)}
.tk-backs>.tk-muted{margin-left:.3em}
.tk-coin{vertical-align:-.2em;width:1.15em;height:1.15em}
.tk-money{font-weight:600;white-space:nowrap}
.tk-pill{display:inline-block;padding:0 .55em;border-radius:.8em;font-size:SMALL;
background:#e3e8ef;color:#2d3b4e;white-space:nowrap}
.tk-accent{background:#fde3c8;color:#8a4b08}
.tk-good{background:#d5f5e3;color:#1e6b3a}
.tk-bad{background:#fadbd8;color:#922b21}
.tk-info{background:#d6eaf8;color:#1b4f72}
.tk-muted{color:#6b7a8c}
.tk-tag{position:relative;border-color:#e67e22;background:#fff8ef}
.tk-price{font-size:SMALL;color:#8a4b08;font-weight:600}
.tk-grid{border-collapse:collapse;font-size:.9em}
.tk-grid th,.tk-grid td{border:1px solid #dbe2ea;padding:.15em .45em;text-align:center}
.tk-grid th{background:#eef2f7;font-weight:600}
.tk-grid td.tk-left,.tk-grid th.tk-left{text-align:left;white-space:nowrap}
.tk-grid td.tk-major{background:#fde3c8;font-weight:700}
.tk-label{font-size:SMALL;color:#4a5a6e;margin:.2em 0 .1em}
.tk-log{font-size:.9em;max-height:24em;overflow:auto;display:flex;flex-direction:column-reverse;
border:1px solid #dbe2ea;border-radius:.4em;background:#fff;padding:.3em .6em}
.tk-log h5{margin:.4em 0 .15em;font-size:1em;color:#1f3a5f}
.tk-log p{margin:.1em 0}
.tk-log .tk-why{color:#6b4b8a;font-style:italic;margin-left:1em}
.tk-log .tk-ev-action{font-weight:600}
.tk-log .tk-ev-chance{color:#7d6608}
.tk-log .tk-ev-reveal{color:#1b4f72;font-weight:600}
.tk-msg{padding:.3em .6em;border-radius:.4em}
.tk-msg.tk-error{background:#fadbd8;color:#922b21;border:1px solid #f1948a}
.tk-msg.tk-ok{background:#d5f5e3;color:#1e6b3a;border:1px solid #82e0aa}
.tk-msg.tk-note{background:#eef2f7;color:#2d3b4e;border:1px solid #c9d3df}
.tk-curtain{padding:1.5em;text-align:center;font-size:1.25em;background:#1f3a5f;color:#fff;
border-radius:.5em}
.tk-banner{background:#1e6b3a;color:#fff;border-radius:.5em;padding:.6em 1em;margin:0 0 .6em;
box-shadow:0 0 0 .2em #d5f5e3}
.tk-banner h3{margin:0;font-size:1.6em;line-height:1.2}
.tk-banner .tk-winners{font-size:1.3em;font-weight:700;margin:.1em 0 .3em}
.tk-banner .tk-scores{display:flex;flex-wrap:wrap;gap:.4em;margin:0 0 .3em}
.tk-banner .tk-score{background:#fff;color:#1e6b3a;border-radius:.4em;padding:.1em .6em;
font-weight:600}
.tk-banner .tk-score.tk-win{background:#f1c40f;color:#3d2c00}
.tk-banner .tk-ledger{margin:.2em 0 0;padding:0 0 0 1.1em}
.tk-banner .tk-ledger li{margin:.05em 0}
"""
    + "".join(f"{_scoped('.tk-size-phone', rule)}\n" for rule in _STACKED)
    + f"@container (max-width:{STACK_BELOW}px){{"
    + "".join(_scoped(".tk-size-auto", rule) for rule in _STACKED)
    + "}\n</style>"
).replace("SMALL", _SMALL)


def esc(value: object) -> str:
    """HTML-escape ``str(value)`` (quotes included)."""
    return html.escape(str(value), quote=True)


def attrs(**values: object) -> str:
    """HTML attributes from keyword arguments; ``cls`` becomes ``class``, ``_`` becomes ``-``,
    ``None`` and ``False`` are left out.

    Example:
        >>> attrs(cls="tk-card", data_card=3, title=None)
        ' class="tk-card" data-card="3"'
    """
    out = []
    for key, value in values.items():
        if value is None or value is False:
            continue
        name = "class" if key == "cls" else key.replace("_", "-")
        out.append(f' {name}="{esc(value)}"')
    return "".join(out)


def tag(name: str, body: str = "", **attributes: object) -> str:
    """An element whose ``body`` is already HTML (escape text with :func:`esc` first).

    Example:
        >>> tag("b", esc("1 < 2"), cls="x")
        '<b class="x">1 &lt; 2</b>'
    """
    return f"<{name}{attrs(**attributes)}>{body}</{name}>"


def colour(index: int) -> str:
    """The palette colour for position ``index`` (wrapping around)."""
    return PALETTE[index % len(PALETTE)]


def coin_svg(size: int = 15, fill: str = "#e8b923", letter: str = "S") -> str:
    """A small coin drawn in SVG (the letter is the currency's initial)."""
    r = size / 2
    return (
        f'<svg class="tk-coin" width="{size}" height="{size}" viewBox="0 0 {size} {size}" '
        f'aria-hidden="true"><circle cx="{r}" cy="{r}" r="{r - 1}" fill="{fill}" '
        f'stroke="#9a7400" stroke-width="1"/><text x="{r}" y="{r + size * 0.27:.1f}" '
        f'text-anchor="middle" font-size="{size * 0.78:.1f}" font-weight="700" '
        f'fill="#5a3d00">{esc(letter)}</text></svg>'
    )


def coins(amount: int | None, unit: str = "Scudo", letter: str = "S", hidden: str = "?") -> str:
    """A coin and an amount (``None`` shows ``hidden``: money the viewer may not see).

    Example:
        >>> "15" in coins(15) and "?" in coins(None)
        True
    """
    shown = hidden if amount is None else str(amount)
    return tag(
        "span", coin_svg(letter=letter) + " " + esc(shown), cls="tk-money", title=f"{shown} {unit}"
    )


def pill(text: str, kind: str = "") -> str:
    """A small rounded label; ``kind`` is ``accent``, ``good``, ``bad``, ``info`` or empty."""
    cls = "tk-pill" + (f" tk-{kind}" if kind else "")
    return tag("span", esc(text), cls=cls)


def dots(count: int, fill: str) -> str:
    """``count`` coloured dots (units of a good)."""
    dot = f'<span class="tk-dot" style="background:{esc(fill)}"></span>'
    return tag("span", dot * count, cls="tk-dots")


def swatch(fill: str) -> str:
    """A small coloured square (a good's colour beside its name)."""
    return f'<span class="tk-swatch" style="background:{esc(fill)}"></span>'


def card(
    title: str,
    rows: Iterable[tuple[str, str, int]],
    *,
    corner: str = "",
    footer: str = "",
    small: bool = False,
    extra_class: str = "",
    data_card: object = None,
) -> str:
    """A card: a title line, then one row per (colour, name, units) drawn as dots.

    Args:
        title: the card's id or name (escaped here).
        rows: (colour, label, count) per line; label is escaped here.
        corner: short text at the title's right (escaped here).
        footer: HTML under the rows (a price tag, a status).
        small: a smaller card (face-up rows).
        extra_class: more CSS classes.
        data_card: the card's id, as a ``data-card`` attribute for tests and browsers.
    """
    body = tag("div", tag("span", esc(title)) + tag("span", esc(corner)), cls="tk-card-id")
    for fill, label, count in rows:
        body += tag("div", dots(count, fill) + esc(label), cls="tk-unit")
    body += footer
    cls = "tk-card" + (" tk-small" if small else "") + (f" {extra_class}" if extra_class else "")
    return tag("div", body, cls=cls, data_card=data_card)


def card_back(label: str = "", *, big: bool = False) -> str:
    """One face-down card, drawn as a card back (``big``: at a card's size)."""
    return tag("span", back_svg(label), cls="tk-back", data_big=big)


#: The width of a small card back (em, as drawn by the stylesheet, margins included).
BACK_WIDTH = 2.9
#: About how wide (em) a fan of small card backs may grow: each back shows at most 1.1 em.
BACKS_WIDTH = 9.0


def card_backs(count: int, label: str = "", *, big: bool = False) -> str:
    """``count`` face-down cards drawn as card backs (a hand the viewer may not see); ``big``
    draws them at a card's size (a face-down card on the table).

    Example:
        >>> card_backs(2).count('class="tk-back"'), "×2" in card_backs(2)
        (2, True)
    """
    backs = card_back(label, big=big) * count
    if not count:
        return tag("span", backs, title=label or "0")
    # Small backs overlap like a fanned hand, closer the more there are, so that the backs and
    # their count stay on one line (a count alone on the next line reads as something else).
    style = None
    if not big and count > 1:
        shown = min(1.1, max(0.25, BACKS_WIDTH / count))  # em of each back left uncovered
        style = f"--tk-overlap:{shown - BACK_WIDTH:.2f}em"
    count_html = tag("span", f"×{count}", cls="tk-muted")
    return tag("span", backs + count_html, cls="tk-backs", title=label or f"{count}", style=style)


def section(title: str, body: str, **attributes: object) -> str:
    """A titled box (title escaped here, body is HTML)."""
    return tag("div", tag("h4", esc(title)) + body, cls="tk-section", **attributes)


def label(text: str) -> str:
    """A small caption above a group of cards."""
    return tag("div", esc(text), cls="tk-label")


def seat_panel(
    name: str,
    badges: Sequence[str],
    body: str,
    *,
    active: bool = False,
    me: bool = False,
    seat: int | None = None,
) -> str:
    """One seat's panel: name and badges (HTML) on top, then the body (HTML).

    Args:
        name: the seat's display name (escaped here).
        badges: HTML snippets at the right of the name (money, loan, status pills).
        body: the seat's cards and details.
        active: the seat must act now (highlighted).
        me: the panel of the viewing seat.
        seat: the seat number, as a ``data-seat`` attribute.
    """
    head = tag(
        "div",
        tag("span", esc(name), cls="tk-seat-name") + tag("span", " ".join(badges)),
        cls="tk-seat-head",
    )
    cls = "tk-seat" + (" tk-active" if active else "") + (" tk-me" if me else "")
    return tag("div", head + body, cls=cls, data_seat=seat)


def grid(
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    left_columns: int = 1,
    **attributes: object,
) -> str:
    """A table of numbers. Header cells are escaped; body cells are HTML.

    A body cell may start with ``"!"`` to be highlighted (for instance a majority). Each cell
    right of the ``left_columns`` carries its column's name (``data-label``): a stacked table
    (a phone) shows each row as a line, every cell after its column's name.

    Example:
        >>> html = grid(["good", "P1"], [["Rice", "!3"]])
        >>> "tk-major" in html and 'data-label="P1"' in html
        True
    """
    head = "".join(
        tag("th", esc(h), cls="tk-left" if i < left_columns else None) for i, h in enumerate(header)
    )
    body = ""
    for row in rows:
        cells = ""
        for i, cell in enumerate(row):
            cls = "tk-left" if i < left_columns else None
            if cell.startswith("!"):
                cell, cls = cell[1:], "tk-major"
            label = header[i] if left_columns <= i < len(header) else None
            cells += tag("td", cell, cls=cls, data_label=label)
        body += tag("tr", cells)
    return tag(
        "table", tag("thead", tag("tr", head)) + tag("tbody", body), cls="tk-grid", **attributes
    )


def page(head: str, body: str, *, game: str, size: str = "auto", **attributes: object) -> str:
    """The whole table: the stylesheet, a header bar (HTML) and a body (HTML), at ``size`` (one
    of :data:`SIZES`).

    ``attributes`` become ``data-*``-style attributes on the root element, so a test or a browser
    can read the round or phase without parsing text.

    Example:
        >>> html = page("<b>Turin</b>", "", game="turin", size="projector", data_round=1)
        >>> 'class="tk-frame tk-size-projector"' in html and 'class="tk tk-turin"' in html
        True
    """
    root = tag(
        "div",
        tag("div", head, cls="tk-head") + tag("div", body, cls="tk-body"),
        cls=f"tk tk-{game}",
        **attributes,
    )
    return STYLE + tag("div", root, cls=f"tk-frame tk-size-{check_size(size)}")


def message(text: str, kind: str = "note") -> str:
    """A message line: ``kind`` is ``error``, ``ok`` or ``note`` (text escaped here)."""
    if not text:
        return ""
    return STYLE + tag("div", esc(text), cls=f"tk tk-msg tk-{kind}")


def check_size(size: str) -> str:
    """``size`` if it is one of :data:`SIZES`, else a clear error.

    Example:
        >>> check_size("projector")
        'projector'
    """
    if size not in SIZES:
        raise ValueError(f"a table's size is one of {', '.join(SIZES)}; got {size!r}")
    return size


# -- pictures ---------------------------------------------------------------------------------
# Every picture is an SVG whose user unit is 1/16 of the table's font size (its width is set in
# ``em`` by the stylesheet), so its text scales with the table and is never smaller than
# SMALLEST em: 14 units = 0.875 em.

#: The emblems a good may be drawn with; a game gives each of its goods one (with its colour), so
#: goods differ by shape as well as by colour (for colour-blind readers and grey projectors).
SHAPES: tuple[str, ...] = (
    "circle",
    "square",
    "diamond",
    "triangle",
    "hexagon",
    "star",
    "drop",
    "leaf",
    "cross",
    "ring",
    "heart",
    "moon",
)

_FONT = "system-ui,-apple-system,Segoe UI,Roboto,DejaVu Sans,sans-serif"
_TEXT = 14  # the smallest text of a picture, in user units (0.875 em)
_CARD = {False: (112, 156), True: (96, 128)}  # (width, height) of a card, small or not


@dataclasses.dataclass(frozen=True)
class Good:
    """How a good is drawn: its name (in the table's language), colour and emblem.

    Example:
        >>> Good("Coffee", "#6d4c41", "drop").shape
        'drop'
    """

    name: str
    colour: str
    shape: str = "circle"

    def __post_init__(self) -> None:
        if self.shape not in SHAPES:
            raise ValueError(f"a good's shape is one of {', '.join(SHAPES)}; got {self.shape!r}")


def goods_by_row(names: Iterable[tuple[str, str]], shapes: dict[str, str]) -> dict[str, Good]:
    """Goods drawn by their row in a data table: ``names`` gives each good's id and name in row
    order; a good takes the palette's colour of its row and its emblem from ``shapes`` (a good
    that ``shapes`` does not name, such as a teacher's own, takes the emblem of its row).

    Example:
        >>> goods_by_row([("rice", "Rice"), ("tea", "Tea")], {"rice": "star"})["tea"]
        Good(name='Tea', colour='#6d4c41', shape='square')
    """
    return {
        good: Good(name, colour(i), shapes.get(good, SHAPES[i % len(SHAPES)]))
        for i, (good, name) in enumerate(names)
    }


@dataclasses.dataclass(frozen=True)
class Face:
    """What a face-up card shows; :func:`card_svg` draws it.

    Attributes:
        band: the text of the coloured band at the top (the card's id, most often).
        colour: the band's colour (the card's good's).
        rows: goods with their units, one row each (Turin's three goods).
        good: the one good the card is (drawn big, with its name), when it is one good.
        name: the card's name when it is not a good (a special card), drawn under its emblem.
        value: a number drawn big at the bottom (Medici's value, a base price).
        caption: a short line at the bottom (the card's kind).
        pips: the value also drawn as that many dots (a base price).
    """

    band: str
    colour: str
    rows: tuple[tuple[Good, int], ...] = ()
    good: Good | None = None
    name: str = ""
    value: str = ""
    caption: str = ""
    pips: int = 0


def ink(fill: str) -> str:
    """Dark or white text, whichever reads better on ``fill`` (``#rrggbb``).

    Example:
        >>> ink("#f1c40f"), ink("#1f3a5f")
        ('#1d1d1f', '#fff')
    """
    red, green, blue = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#1d1d1f" if 0.299 * red + 0.587 * green + 0.114 * blue > 150 else "#fff"


def emblem(shape: str, cx: float, cy: float, r: float, fill: str) -> str:
    """An emblem (one of :data:`SHAPES`) centred on ``(cx, cy)`` with radius ``r``."""
    edge = 'stroke="#1d1d1f" stroke-opacity=".35" stroke-width="1"'

    def poly(points: Iterable[tuple[float, float]]) -> str:
        pts = " ".join(f"{cx + x * r:.1f},{cy + y * r:.1f}" for x, y in points)
        return f'<polygon points="{pts}" fill="{fill}" {edge}/>'

    def ring(n: int, radii: Sequence[float], turn: float = -90) -> list[tuple[float, float]]:
        return [
            (
                radii[k % len(radii)] * math.cos(math.radians(turn + 360 * k / n)),
                radii[k % len(radii)] * math.sin(math.radians(turn + 360 * k / n)),
            )
            for k in range(n)
        ]

    if shape == "circle":
        return f'<circle cx="{cx}" cy="{cy}" r="{r:.1f}" fill="{fill}" {edge}/>'
    if shape == "ring":
        return (
            f'<circle cx="{cx}" cy="{cy}" r="{r * 0.75:.1f}" fill="none" stroke="{fill}" '
            f'stroke-width="{r * 0.5:.1f}"/>'
        )
    if shape == "square":
        s = r * 0.85
        return (
            f'<rect x="{cx - s:.1f}" y="{cy - s:.1f}" width="{2 * s:.1f}" height="{2 * s:.1f}" '
            f'rx="{r * 0.2:.1f}" fill="{fill}" {edge}/>'
        )
    if shape == "diamond":
        return poly([(0, -1), (0.8, 0), (0, 1), (-0.8, 0)])
    if shape == "triangle":
        return poly([(0, -1), (0.95, 0.75), (-0.95, 0.75)])
    if shape == "hexagon":
        return poly(ring(6, [1], 0))
    if shape == "star":
        return poly(ring(10, [1, 0.45]))
    if shape == "cross":
        a, b = 0.33, 0.95
        arm = [(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a)]
        return poly([*arm, *((-x, -y) for x, y in arm)])
    path = {
        "drop": "M0,-1 C.55,-.35 .75,0 .75,.3 A.75,.7 0 0 1 -.75,.3 C-.75,0 -.55,-.35 0,-1Z",
        "leaf": "M-.8,.8 C-.9,-.2 -.2,-.9 .9,-.9 C.9,.2 .2,.9 -.8,.8Z",
        "heart": "M0,.9 C-1.2,0 -.9,-.95 0,-.45 C.9,-.95 1.2,0 0,.9Z",
        "moon": "M.3,-.95 A.95,.95 0 1 0 .3,.95 A1.1,1.1 0 0 1 .3,-.95Z",
    }[shape]
    return (
        f'<path d="{path}" transform="translate({cx:.1f},{cy:.1f}) scale({r:.1f})" '
        f'fill="{fill}" stroke="#1d1d1f" stroke-opacity=".35" stroke-width="{1 / r:.3f}"/>'
    )


def _svg(width: float, height: float, body: str, label: str, cls: str = "") -> str:
    """An SVG picture of ``width`` × ``height`` user units, named ``label`` (its tooltip)."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width / 16:g}em" height="{height / 16:g}em" font-family="{_FONT}" '
        f'role="img" aria-label="{esc(label)}"{attrs(cls=cls or None)}>'
        f"<title>{esc(label)}</title>{body}</svg>"
    )


def _text(
    x: float,
    y: float,
    text: str,
    *,
    size: int = _TEXT,
    width: float,
    anchor: str = "start",
    **kw: str,
) -> str:
    """One line of text at ``(x, y)``, squeezed into ``width`` units if it would run over."""
    fit = ""
    if len(text) * size * 0.56 > width:  # an estimate of the line's width in this font
        fit = f' textLength="{width:.0f}" lengthAdjust="spacingAndGlyphs"'
    extra = "".join(f' {k.replace("_", "-")}="{esc(v)}"' for k, v in kw.items())
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" text-anchor="{anchor}"{fit}{extra}>'
        f"{esc(text)}</text>"
    )


def lines(text: str, room: int, most: int = 2) -> list[str]:
    """``text`` cut at spaces into at most ``most`` lines of about ``room`` characters.

    Example:
        >>> lines("Lorry drivers' strike", 12)
        ["Lorry drivers'", 'strike']
    """
    words = text.split()
    if len(text) <= room or len(words) < 2:
        return [text]
    best = min(
        range(1, len(words)), key=lambda k: max(len(" ".join(words[:k])), len(" ".join(words[k:])))
    )
    out = [" ".join(words[:best]), " ".join(words[best:])]
    return out[:most]


@functools.lru_cache(maxsize=2048)
def card_svg(face: Face, *, small: bool = False) -> str:
    """A face-up card as an SVG picture: a band in its colour, then its goods (each an emblem,
    its name and its units as dots), or its one good (or name) big, its value and a caption.

    A face is a frozen value and its picture never changes: each is drawn once (a table drawn
    for every seat after every decision shows the same cards again and again).

    Example:
        >>> svg = card_svg(Face("#3", "#6d4c41", rows=((Good("Coffee", "#6d4c41", "drop"), 3),)))
        >>> svg.startswith("<svg") and "Coffee" in svg and svg.count("<circle") == 3
        True
    """
    width, height = _CARD[small]
    room = width - 12
    band_ink = ink(face.colour)
    body = (
        f'<rect x=".5" y=".5" width="{width - 1}" height="{height - 1}" rx="8" fill="#fff" '
        f'stroke="#9aa7b6"/>'
        f'<path d="M.5,8.5 a8,8 0 0 1 8,-8 h{width - 17} a8,8 0 0 1 8,8 v17 h-{width - 1}z" '
        f'fill="{face.colour}"/>'
        + _text(7, 19, face.band, width=room, fill=band_ink, font_weight="700")
    )
    label = [face.band]
    if face.rows:
        step = (height - 30) / max(3, len(face.rows))
        for k, (good, units) in enumerate(face.rows):
            top = 30 + k * step
            body += emblem(good.shape, 14, top + 9, 8, good.colour)
            body += _text(27, top + 14, good.name, width=width - 31, fill="#1d1d1f")
            body += "".join(
                f'<circle cx="{31 + 11 * u}" cy="{top + 25}" r="4" fill="{good.colour}" '
                f'stroke="#1d1d1f" stroke-opacity=".3"/>'
                for u in range(units)
            )
            label.append(f"{units} {good.name}")
    else:
        name = face.good.name if face.good is not None else face.name
        shape = face.good.shape if face.good is not None else "star"
        fill = face.good.colour if face.good is not None else face.colour
        body += emblem(shape, width / 2, 52, 20 if small else 22, fill)
        y = 92 if not small else 86
        for line in lines(name, room // 8):
            body += _text(width / 2, y, line, width=room, anchor="middle", font_weight="600")
            y += 16
        label.append(name)
        if face.pips:
            body += "".join(
                f'<circle cx="{10 + 10 * u}" cy="{height - 12}" r="3.5" fill="{fill}"/>'
                for u in range(face.pips)
            )
        if face.caption:
            body += _text(8, height - 8, face.caption, width=room - 30, fill="#4a5a6e")
            label.append(face.caption)
        if face.value:
            body += _text(
                width - 8,
                height - 8,
                face.value,
                size=26,
                width=40,
                anchor="end",
                font_weight="800",
                fill=fill,
            )
            label.append(face.value)
    return _svg(width, height, body, " · ".join(label))


def back_svg(label: str = "") -> str:
    """A card back: the same size as a card, no text."""
    width, height = _CARD[False]
    lanes = "".join(f"M{x},8l-{height},{height}" for x in range(0, width + height, 14))
    stripes = f'<path d="{lanes}" stroke="#2c5282" stroke-width="5"/>'
    body = (
        f'<rect x=".5" y=".5" width="{width - 1}" height="{height - 1}" rx="8" fill="#1f3a5f" '
        f'stroke="#15263d"/><clipPath id="tk-back-clip"><rect x="8" y="8" width="{width - 16}" '
        f'height="{height - 16}" rx="4"/></clipPath><g clip-path="url(#tk-back-clip)">{stripes}'
        f'</g><rect x="8" y="8" width="{width - 16}" height="{height - 16}" rx="4" fill="none" '
        f'stroke="#e8b923" stroke-width="2"/>'
        + emblem("diamond", width / 2, height / 2, 18, "#e8b923")
    )
    return _svg(width, height, body, label or "card back")


def good_svg(good: Good) -> str:
    """A good as a small picture: its emblem in its colour and its name (a line high).

    Example:
        >>> "Rice" in good_svg(Good("Rice", "#f1c40f", "hexagon"))
        True
    """
    width = 28 + len(good.name) * 8.6
    body = emblem(good.shape, 11, 11, 9, good.colour) + _text(
        25, 16, good.name, width=width - 26, fill="#1d1d1f"
    )
    return _svg(width, 22, body, good.name, cls="tk-good-pic")


def data_uri(svg: str) -> str:
    """An SVG as a ``data:`` URI (a CSS background, such as a card button's).

    Example:
        >>> data_uri("<svg/>")
        'data:image/svg+xml;base64,PHN2Zy8+'
    """
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def picture(
    svg: str,
    *,
    small: bool = False,
    footer: str = "",
    extra_class: str = "",
    data_card: object = None,
) -> str:
    """A card's picture as the table shows it, with HTML under it (a price tag, a caption)."""
    cls = "tk-pic" + (" tk-small" if small else "") + (f" {extra_class}" if extra_class else "")
    return tag("div", svg + footer, cls=cls, data_card=data_card)


_DATA_CARD = re.compile(r' data-card="(\d+)"')


def playable_cards(html: str, actions: Mapping[int, str]) -> str:
    """``html`` with every element of a card in ``actions`` (card id -> the action as JSON)
    carrying that action in ``data-action`` and the class hook ``data-playable``, so a page can
    play the card when it is clicked; any other card is left as it is.

    Example:
        >>> out = playable_cards('<i data-card="3"></i><i data-card="4"></i>', {3: '{"a":1}'})
        >>> out.split("</i>")[:2]
        ['<i data-card="3" data-action="{&quot;a&quot;:1}" data-playable="1">', '<i data-card="4">']
    """

    return _playable(_DATA_CARD, html, {str(card): action for card, action in actions.items()})


_DATA_SECTION = re.compile(r' data-section="([\w-]+)"')


def playable_sections(html: str, actions: Mapping[str, str]) -> str:
    """``html`` with every section named in ``actions`` (its ``data-section`` -> the action as
    JSON) carrying that action as :func:`playable_cards` marks a card: a click on the section
    plays it (Medici's pile turns its next card).

    Example:
        >>> out = playable_sections('<div data-section="pile"></div>', {"pile": '{"a":1}'})
        >>> out
        '<div data-section="pile" data-action="{&quot;a&quot;:1}" data-playable="1"></div>'
    """

    return _playable(_DATA_SECTION, html, actions)


def _playable(pattern: re.Pattern[str], html: str, actions: Mapping[str, str]) -> str:
    """``html`` with each element whose ``pattern`` attribute names a key of ``actions`` marked
    as playing that action (``data-action``, ``data-playable``)."""

    def mark(match: re.Match[str]) -> str:
        action = actions.get(match[1])
        if action is None:
            return match[0]
        return match[0] + attrs(data_action=action, data_playable=1)

    return pattern.sub(mark, html) if actions else html


def banner(
    title: str, winners: str, scores: Sequence[tuple[str, str, bool]], lines: Sequence[str] = ()
) -> str:
    """The game-over banner: ``title`` (escaped here), the winners' line, each seat's final score
    as ``(name, score, won)``, then the main lines of the money ledger (each escaped here).

    Example:
        >>> html = banner("Game over", "Winner: P1", [("P1", "20", True), ("P2", "9", False)])
        >>> "tk-banner" in html and html.count('<span class="tk-score') == 2 and "tk-win" in html
        True
    """
    body = tag("h3", esc(title)) + tag("div", esc(winners), cls="tk-winners")
    body += tag(
        "div",
        "".join(
            tag("span", esc(f"{name}: {score}"), cls="tk-score" + (" tk-win" if won else ""))
            for name, score, won in scores
        ),
        cls="tk-scores",
    )
    if lines:
        body += tag("ul", "".join(tag("li", esc(x)) for x in lines), cls="tk-ledger")
    return tag("div", body, cls="tk-banner", data_section="game-over", role="status")
