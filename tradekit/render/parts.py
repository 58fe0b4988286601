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

import html
from collections.abc import Iterable, Sequence

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

#: The one stylesheet, included once at the top of every rendered table.
STYLE = """<style>
.tk{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:13px;color:#1d1d1f;
line-height:1.35;max-width:1100px}
.tk *{box-sizing:border-box}
.tk-head{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;padding:6px 10px;
background:#1f3a5f;color:#fff;border-radius:8px 8px 0 0}
.tk-head b{font-size:15px}
.tk-body{border:1px solid #c9d3df;border-top:0;border-radius:0 0 8px 8px;padding:8px;
background:#f7f9fc}
.tk-row{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
.tk-section{background:#fff;border:1px solid #dbe2ea;border-radius:8px;padding:6px 8px;
margin:0 0 8px}
.tk-section>h4{margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.04em;
color:#4a5a6e}
.tk-seats{display:grid;grid-template-columns:repeat(auto-fill,minmax(250px,1fr));gap:8px;
margin:0 0 8px}
.tk-seat{background:#fff;border:1px solid #dbe2ea;border-radius:8px;padding:6px 8px}
.tk-seat.tk-active{border:2px solid #e67e22;box-shadow:0 0 0 2px #fde3c8}
.tk-seat.tk-me{background:#fffdf4}
.tk-seat-head{display:flex;justify-content:space-between;align-items:center;gap:6px;
margin-bottom:4px}
.tk-seat-name{font-weight:600;font-size:14px}
.tk-card{display:inline-flex;flex-direction:column;width:118px;min-height:74px;border-radius:7px;
border:1px solid #b9c3cf;background:#fff;padding:3px 5px;margin:2px;vertical-align:top;
box-shadow:0 1px 2px rgba(0,0,0,.08)}
.tk-card.tk-small{width:98px;min-height:58px;font-size:11px}
.tk-card-id{font-size:10px;color:#6b7a8c;display:flex;justify-content:space-between}
.tk-unit{display:flex;align-items:center;gap:4px;white-space:nowrap}
.tk-dots{display:inline-flex;gap:2px;min-width:28px;flex:none}
.tk-dot{display:inline-block;width:8px;height:8px;border-radius:50%;flex:none}
.tk-swatch{display:inline-block;width:10px;height:10px;border-radius:2px;vertical-align:middle;
margin-right:3px}
.tk-back{display:inline-block;width:30px;height:44px;border-radius:5px;margin:2px;
background:repeating-linear-gradient(45deg,#1f3a5f,#1f3a5f 4px,#2c5282 4px,#2c5282 8px);
border:1px solid #15263d;vertical-align:middle}
.tk-coin{vertical-align:-3px}
.tk-money{font-weight:600;white-space:nowrap}
.tk-pill{display:inline-block;padding:0 7px;border-radius:10px;font-size:11px;background:#e3e8ef;
color:#2d3b4e;white-space:nowrap}
.tk-accent{background:#fde3c8;color:#8a4b08}
.tk-good{background:#d5f5e3;color:#1e6b3a}
.tk-bad{background:#fadbd8;color:#922b21}
.tk-info{background:#d6eaf8;color:#1b4f72}
.tk-muted{color:#6b7a8c}
.tk-tag{position:relative;border-color:#e67e22;background:#fff8ef}
.tk-price{font-size:11px;color:#8a4b08;font-weight:600}
.tk-grid{border-collapse:collapse;font-size:12px}
.tk-grid th,.tk-grid td{border:1px solid #dbe2ea;padding:2px 6px;text-align:center}
.tk-grid th{background:#eef2f7;font-weight:600}
.tk-grid td.tk-left,.tk-grid th.tk-left{text-align:left}
.tk-grid td.tk-major{background:#fde3c8;font-weight:700}
.tk-label{font-size:11px;color:#4a5a6e;margin:3px 0 1px}
.tk-log{font-size:12px;max-height:320px;overflow:auto;display:flex;flex-direction:column-reverse;
border:1px solid #dbe2ea;border-radius:6px;background:#fff;padding:4px 8px}
.tk-log h5{margin:6px 0 2px;font-size:12px;color:#1f3a5f}
.tk-log p{margin:1px 0}
.tk-log .tk-why{color:#6b4b8a;font-style:italic;margin-left:14px}
.tk-log .tk-ev-action{font-weight:600}
.tk-log .tk-ev-chance{color:#7d6608}
.tk-log .tk-ev-reveal{color:#1b4f72;font-weight:600}
.tk-msg{padding:4px 8px;border-radius:6px;font-size:13px}
.tk-msg.tk-error{background:#fadbd8;color:#922b21;border:1px solid #f1948a}
.tk-msg.tk-ok{background:#d5f5e3;color:#1e6b3a;border:1px solid #82e0aa}
.tk-msg.tk-note{background:#eef2f7;color:#2d3b4e;border:1px solid #c9d3df}
.tk-curtain{padding:24px;text-align:center;font-size:16px;background:#1f3a5f;color:#fff;
border-radius:8px}
</style>"""


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
        f'stroke="#9a7400" stroke-width="1"/><text x="{r}" y="{r + size * 0.2:.1f}" '
        f'text-anchor="middle" font-size="{size * 0.6:.0f}" font-weight="700" '
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


def card_backs(count: int, label: str = "") -> str:
    """``count`` face-down cards (a hand the viewer may not see)."""
    backs = '<span class="tk-back"></span>' * count
    return tag("span", backs, title=label or f"{count}") + (
        f' <span class="tk-muted">×{count}</span>' if count else ""
    )


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

    A body cell may start with ``"!"`` to be highlighted (for instance a majority).

    Example:
        >>> "tk-major" in grid(["good", "P0"], [["Rice", "!3"]])
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
            cells += tag("td", cell, cls=cls)
        body += tag("tr", cells)
    return tag(
        "table", tag("thead", tag("tr", head)) + tag("tbody", body), cls="tk-grid", **attributes
    )


def page(head: str, body: str, *, game: str, **attributes: object) -> str:
    """The whole table: the stylesheet, a header bar (HTML) and a body (HTML).

    ``attributes`` become ``data-*``-style attributes on the root element, so a test or a browser
    can read the round or phase without parsing text.
    """
    root = tag(
        "div",
        tag("div", head, cls="tk-head") + tag("div", body, cls="tk-body"),
        cls=f"tk tk-{game}",
        **attributes,
    )
    return STYLE + root


def message(text: str, kind: str = "note") -> str:
    """A message line: ``kind`` is ``error``, ``ok`` or ``note`` (text escaped here)."""
    if not text:
        return ""
    return STYLE + tag("div", esc(text), cls=f"tk tk-msg tk-{kind}")
