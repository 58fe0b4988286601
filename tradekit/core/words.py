"""Words for a count of things, in English and French: "1 card", "2 cards"; "0 carte", "2 cartes".

The engine's own texts (ledger reasons, log lines) are English; the renderer's are in the
catalogue (:mod:`tradekit.i18n`), whose texts write a counted word as ``{n:card|cards}``.

Example:
    >>> counted(1, "card", "cards"), counted(2, "card", "cards"), counted(0, "card", "cards")
    ('1 card', '2 cards', '0 cards')
    >>> counted(0, "carte", "cartes", "fr"), counted(2, "carte", "cartes", "fr")
    ('0 carte', '2 cartes')
"""

from __future__ import annotations


def plural(n: float, one: str, many: str, lang: str = "en") -> str:
    """``one`` or ``many``, as ``n`` of them are said in ``lang``: English says one thing in the
    singular, French also zero ("0 carte").

    Example:
        >>> plural(1, "winner", "winners"), plural(3, "winner", "winners")
        ('winner', 'winners')
    """
    singular = abs(n) < 2 if lang == "fr" else abs(n) == 1
    return one if singular else many


def counted(n: float, one: str, many: str, lang: str = "en") -> str:
    """``n`` and the word for that many: ``counted(2, "card", "cards")`` is "2 cards" (a whole
    float is written as an integer: ``counted(2.0, ...)`` is "2 cards")."""
    shown = int(n) if isinstance(n, float) and n.is_integer() else n
    return f"{shown} {plural(n, one, many, lang)}"
