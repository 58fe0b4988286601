"""The parts of Rungis's menus that are values: options and whole menus made once and shared, and
the refusals in the game's own words."""

from __future__ import annotations

import functools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from tradekit.core.actions import describe_value
from tradekit.core.domains import Menu, OneOf, Option, Range
from tradekit.core.errors import Reason
from tradekit.core.seats import seat_label
from tradekit.games.rungis.actions import (
    Accept,
    Announce,
    Bid,
    Designate,
    Done,
    Pass,
    Play,
    Price,
    Propose,
    Refuse,
)

if TYPE_CHECKING:
    pass


class Said(OneOf):
    """A :class:`~tradekit.core.domains.OneOf` refused in the game's own words.

    ``allowed`` says what may be chosen; ``{values}`` in it stands for the values allowed (or
    ``shown``), listed only when a refusal is worded (an ``allowed`` that is a
    :class:`~tradekit.core.errors.Reason` gives a refusal with a message key, the values among
    its fields, as do the ``notes`` and ``always`` that are). ``notes`` adds why a particular
    value is refused, and ``always``, when set, is the whole refusal (nothing of the kind may be
    done now). With no values it is a guard: an option that lists nothing and only explains (see
    :meth:`RungisState._menu`).

    Example:
        >>> d = Said(("fish",), "the article", allowed="the next one ({values})",
        ...          notes={"meat": "done"})
        >>> "fish" in d, d.reason("meat")
        (True, "the article must be the next one ('fish'); got 'meat' (done)")
        >>> Said((), "the proposal", always="no trading").reason(1)
        'no trading'
    """

    __slots__ = ("allowed", "always", "notes", "shown")

    def __init__(
        self,
        values: Iterable[Hashable],
        label: str = "the value",
        *,
        allowed: str = "",
        shown: Sequence[Hashable] | None = None,
        notes: Mapping[Hashable, str] | None = None,
        always: str = "",
    ) -> None:
        super().__init__(values, label)
        self.allowed = allowed
        self.shown = shown
        self.notes: Mapping[Hashable, str] = notes or {}
        self.always = always

    def reason(self, value: object, seats: bool = False) -> str | None:
        if value in self:
            return None
        if self.always:
            return self.always
        if not self.allowed:
            return OneOf.reason(self, value, seats)
        shown = self.values if self.shown is None else self.shown
        allowed = self.allowed.replace("{values}", values_text(shown))
        note = self.notes.get(value) if type(value) in (int, str) else None
        # An article is a name and a missing one None: their repr says all.
        got = repr(value) if value is None or type(value) is str else describe_value(value)
        got += f" ({note})" if note else ""
        text = f"{self.label} must be {allowed}; got {got}"
        said = self.allowed
        if not (isinstance(said, Reason) and said.key):
            return text
        fields = {
            "label": self.label,
            "allowed": Reason(allowed, said.key, **said.fields, values=shown),
        }
        if note:
            return Reason(text, "rungis.said_note", **fields, value=value, note=note)
        return Reason(text, "rungis.said", **fields, value=value)


#: A field of a guard option that is never reached (an earlier field refuses every value).
UNREACHED = OneOf((), "the value")
DONE = Option(Done)
PASS = Option(Pass)
ANSWERS = (Option(Accept), Option(Refuse))
PROPOSE_CLOSED = Option(
    Propose,
    to=Said(
        (),
        "the proposal",
        always=Reason(
            "no proposal can be made: this game is played without the trading option",
            "rungis.no_trading",
        ),
    ),
    give=UNREACHED,
    take=UNREACHED,
)
#: Special cards that target an article type: whether only the player's own types may be
#: targeted, and what a type already targeted this round is.
ARTICLE_TARGETS: dict[str, tuple[bool, str]] = {
    "strike": (False, "struck"),
    "tax": (False, "taxed"),
    "subsidy": (True, "subsidised for them"),
    "price_freeze": (False, "frozen"),
    "exclusivity": (True, "under exclusive rights"),
    "shortage": (False, "short"),
    "advertising": (True, "advertised by them"),
}


def values_text(values: Sequence[object]) -> str:
    """Values for a refusal: ``'fish', 'meat' or None`` (``none now`` when there are none)."""
    shown = [repr(v) if isinstance(v, str) else str(v) for v in values]
    if not shown:
        return "none now"
    if len(shown) == 1:
        return shown[0]
    return ", ".join(shown[:-1]) + " or " + shown[-1]


#: How a refusal names each step, in words (never the step's id).
STEP_WORDS = {
    "auction_start": "the special cards before the auctions",
    "designate": "the designation of a centre card",
    "bid": "the auction",
    "talk": "the talk turn",
    "terms": "the trading proposal",
    "answer": "the answer to a proposal",
    "prices": "the secret prices",
    "after_reveal": "the special cards after the reveal",
}
#: When a special card is played, in a refusal's words (its ``timing``, never the id).
TIMING_WORDS = {
    "auction_start": "before the auctions",
    "talk": "in a talk turn",
    "after_reveal": "after the reveal",
}
#: How a refusal names each phase, in words.
PHASE_WORDS = {"rungis": "the Rungis phase", "cac40": "the CAC 40 phase", "ca": "the CA phase"}


# Menus are declared at every decision, and most of their options recur (the same announcement
# or proposal options turn after turn): options are values, so each is made once and shared.
# The caches keyed by shops hold 1024 entries, not 4096: over 60 random games of six with
# trading they hit as often (92-93%), and a long run's full caches are that much less for every
# collection of the cyclic garbage collector to walk.
@functools.lru_cache(maxsize=256)
def step_name(step: str, phase: str) -> str:
    """How a refusal names a step, in words: ``the auction of the Rungis phase``."""
    words = STEP_WORDS.get(step, "this step")
    if phase not in PHASE_WORDS:
        return words
    return Reason(
        f"{words} of {PHASE_WORDS[phase]}",
        "rungis.step_of",
        step=words,
        phase_words=PHASE_WORDS[phase],
    )


@functools.lru_cache(maxsize=4096)
def price_menu(
    player: int,
    article: str,
    lo: int,
    hi: int,
    label: str,
    phase: str,
    names: tuple[str, str] = ("", ""),
) -> Menu:
    """The price ``player`` writes next: for ``article`` (one type at a time), from lo to hi
    (``names``: the article type's English and French names, for a refusal in either).

    The whole menu is shared: it is a value, and price steps recur with the same ranges.
    """
    allowed = Reason(
        f"{article!r}: {seat_label(player)} writes the price for {article} next (one type "
        "at a time)",
        "rungis.price_next",
        article_value=article,
        seat=player,
        article_en=names[0] or article,
        article_fr=names[1] or article,
    )
    option = Option(
        Price,
        article=Said((article,), "the article", allowed=allowed),
        price=Range(lo, hi, label),
    )
    return Menu((option,), step=step_name("prices", phase))


# The bid menus are not cached: their range (the lowest bid to the bidder's gold) seldom comes
# back (over 20 heuristic games of four, seven raise menus in ten were new), and every menu a
# cache keeps is more for the cyclic garbage collector to walk at each of its collections (a
# full cache of them made the collections of a heuristic game cost twice the old engine's).
def opening_menu(player: int, lo: int, hi: int, special: bool, step: str) -> Menu:
    """The opening bid (at least the base price, or 1 for a special card) or a pass."""
    return Menu((Option.of(Bid, Range(lo, hi, opening_label(player, special))), PASS), step)


@functools.lru_cache(maxsize=256)
def opening_label(player: int, special: bool) -> Reason:
    """How a refusal names ``player``'s opening bid on a special card or an article."""
    least = "1 for a special card" if special else "the base price"
    return Reason(
        f"the opening bid (at least {least}, at most {seat_label(player)}'s gold)",
        "rungis.opening_special" if special else "rungis.opening",
        seat=player,
    )


def raise_menu(player: int, lo: int, hi: int, high_bidder: int, step: str) -> Menu:
    """A raise over the high bid (``lo - 1``, by ``high_bidder``) or a pass."""
    label = (
        f"the bid (above {seat_label(high_bidder)}'s {lo - 1}, at most {seat_label(player)}'s gold)"
    )
    return Menu((Option.of(Bid, Range(lo, hi, label)), PASS), step)


@functools.lru_cache(maxsize=4096)
def announce_option(article: str, lo: int, hi: int, label: str) -> Option:
    """An announcement of a price for ``article``, from lo to hi."""
    return Option(
        Announce, article=OneOf((article,), "the article announced"), price=Range(lo, hi, label)
    )


# The guards of announcements and plays are not cached here: their keys (the types held; the
# cards in hand and why each cannot be played) recur within a game, which remembers them
# (RungisState), but seldom across games, and a module cache of them grew by some 300 objects
# per heuristic game of six for the cyclic garbage collector to walk. Their words are cached.
def announce_guard(player: int, held: tuple[str, ...]) -> Option:
    """Lists nothing; explains an article ``player`` may not announce (one they do not hold,
    or have announced already: the options after it take every other)."""
    article = Said((), "the article announced", allowed=_not_announced(player), shown=held)
    return Option(Announce, article=article, price=UNREACHED)


@functools.lru_cache(maxsize=256)
def _not_announced(player: int) -> Reason:
    """What ``player`` may announce, for a refusal (``{values}``: the types they hold)."""
    return Reason(
        f"an article type {seat_label(player)} holds and has not announced yet "
        f"({seat_label(player)} holds {{values}})",
        "rungis.not_announced",
        seat=player,
    )


@functools.lru_cache(maxsize=64)
def designate_menu(centre: int, step: str) -> Menu:
    """A designation of one of the ``centre`` cards, by position."""
    return Menu((Option(Designate, slot=Range(0, centre - 1, "the centre position")),), step)


@functools.lru_cache(maxsize=256)
def proposed_guard(player: int) -> Option:
    """Lists nothing; explains that ``player`` has made their one proposal of the phase."""
    always = Reason(
        f"{seat_label(player)} has made their proposal: one per pricing phase",
        "rungis.proposed",
        seat=player,
    )
    return Option(
        Propose, to=Said((), "the proposal", always=always), give=UNREACHED, take=UNREACHED
    )


@functools.lru_cache(maxsize=256)
def propose_guard(player: int, players: int) -> Option:
    """Lists nothing; explains a proposal to oneself."""
    others = tuple(q for q in range(players) if q != player)
    allowed = Reason("another seat ({values})", "rungis.another_seat")
    to = Said((), "the seat proposed to", allowed=allowed, shown=others)
    return Option(Propose, to=to, give=UNREACHED, take=UNREACHED)


# Not cached: the pair depends on both seats' shops, which seldom come back (over 100 random
# games of four, nine calls in ten were new), while its parts (_gives, _takes, _to) are.
def propose_pair(
    player: int, q: int, mine: tuple[str, ...], theirs: tuple[str, ...]
) -> tuple[Option, Option]:
    """``player``'s proposals to ``q``: give nothing and take a type ``q`` holds; give a type
    one holds and take nothing or a type ``q`` holds."""
    give_none, give_one = _gives(player, mine)
    take_one, take_any = _takes(q, theirs)
    to = _to(q)
    # By position, the cheaper declaration.
    return (
        Option.of(Propose, to, give_none, take_one),
        Option.of(Propose, to, give_one, take_any),
    )


@functools.lru_cache(maxsize=256)
def _to(q: int) -> OneOf:
    """The one seat a proposal is made to."""
    return OneOf((q,), "the seat proposed to")


@functools.lru_cache(maxsize=1024)
def _gives(player: int, mine: tuple[str, ...]) -> tuple[Said, Said]:
    """What ``player`` may give: nothing (with a take), or a type they hold."""
    gives = Reason(
        f"None or an article type {seat_label(player)} holds ({{values}})",
        "rungis.none_or_held",
        seat=player,
    )
    shown = (None, *mine)
    return (
        Said((None,), "the article given", allowed=gives, shown=shown),
        Said(mine, "the article given", allowed=gives, shown=shown),
    )


@functools.lru_cache(maxsize=1024)
def _takes(q: int, theirs: tuple[str, ...]) -> tuple[Said, Said]:
    """What may be taken from ``q``: a type they hold (when nothing is given), or also nothing."""
    return (
        Said(
            theirs,
            "the article taken",
            allowed=Reason(
                f"an article type {seat_label(q)} holds ({{values}}) when nothing is given",
                "rungis.held_when_nothing",
                seat=q,
            ),
        ),
        Said(
            (None, *theirs),
            "the article taken",
            allowed=Reason(
                f"None or an article type {seat_label(q)} holds ({{values}})",
                "rungis.none_or_held",
                seat=q,
            ),
        ),
    )


def play_guard(
    player: int, now: str, playable: tuple[int, ...], notes: tuple[tuple[int, str], ...]
) -> Option:
    """Lists nothing; explains a special card ``player`` cannot play ``now``."""
    # The playable cards are not listed: special cards in hand are hidden, and a refusal may
    # be read by others than its seat (see OneOf's ``secret``).
    card = Said(
        (), "the special card", allowed=_can_play(player, now), shown=playable, notes=dict(notes)
    )
    return Option(Play, card=card)


@functools.lru_cache(maxsize=256)
def _can_play(player: int, now: str) -> Reason:
    """What ``player`` may play ``now``, for a refusal."""
    return Reason(
        f"a special card {seat_label(player)} can play {TIMING_WORDS[now]}",
        "rungis.can_play",
        seat=player,
        timing_words=TIMING_WORDS[now],
    )


@functools.lru_cache(maxsize=256)
def played_when(name_en: str, name_fr: str, timing: str, now: str) -> Reason:
    """Why a special card (named ``name_en`` / ``name_fr``) timed ``timing`` cannot be played
    ``now``: a note of the play guard, asked of every card in hand at every window turn."""
    return Reason(
        f"{name_en} is played {TIMING_WORDS[timing]}, not {TIMING_WORDS[now]}",
        "rungis.played_when",
        card_en=name_en,
        card_fr=name_fr,
        timing_words=TIMING_WORDS[timing],
        now_words=TIMING_WORDS[now],
    )
