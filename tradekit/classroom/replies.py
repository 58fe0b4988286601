"""What a seat's device and the teacher's page are sent: JSON built from views only.

:func:`seat_reply` is everything a student's page (or a network bot) needs for one seat: that
seat's own view (:func:`~tradekit.core.view_codec.encode_view` of ``state.view(seat)``), its
legal actions with their labels in words, the status line, and the log as that seat may see it
(with the robots' reasons the session lets it read). Each of these depends only on what the seat
may know, so nothing in a reply tells one deal from another that differs only in other seats'
hidden cards. With ``html``, the reply also carries the table and the log drawn by the game's
renderer, for the page to show as they are.

:func:`room_status` is the teacher's overview: who sits where, each table's phase, whose turn
it is, how many decisions were made, paused or over.

Example:
    >>> from tradekit.classroom.rooms import Room
    >>> room = Room.open("turin", players=3, seed=2)
    >>> ada = room.join(room.code, "Ada")
    >>> room.start(1)
    >>> reply = seat_reply(room.tables[1], 0)
    >>> reply["view"]["viewer"], reply["your_turn"], reply["legal"][0]["action"]["type"]
    (0, True, 'Offer')
"""

from __future__ import annotations

import bisect
import json
from collections.abc import Mapping
from typing import Any, TypeVar

from tradekit.classroom.rooms import Room, Table
from tradekit.core.actions import Action
from tradekit.core.view_codec import encode_view
from tradekit.i18n import check_lang, t
from tradekit.render import Context, end_context, render_log, renderer_for
from tradekit.render.parts import playable_cards, playable_sections

#: A card id or a section's name, as the renderer names what a click plays.
K = TypeVar("K")

#: The most legal actions listed in one reply (a seat rarely has more than a couple of hundred;
#: a menu of a huge range is cut, and the reply says how many there are).
MAX_LEGAL = 500
#: The most log lines in one reply (the latest ones; the reply says how many came before).
MAX_LOG = 400


def seat_reply(table: Table, seat: int, lang: str = "en", html: bool = False) -> dict[str, Any]:
    """The reply to ``GET /api/state`` for ``seat`` of ``table`` (built once per version).

    Args:
        table: the student's table.
        seat: the student's seat.
        lang: ``"en"`` or ``"fr"`` for labels, status and log.
        html: also draw the table and the log as HTML (``"html"``: ``table``, ``log``).
    """
    lang = check_lang(lang)
    with table.lock:
        key = (seat, lang, html)
        cached = table.cache.get(key)
        if cached is not None:
            return dict(cached)
        reply = _build(table, seat, lang, html)
        table.cache[key] = reply
        return dict(reply)


def _build(table: Table, seat: int, lang: str, html: bool) -> dict[str, Any]:
    room = table.room
    names = table.names(lang, me=seat)
    ctx = Context(table.game, lang, names)
    renderer = renderer_for(room.game.name)
    students = table.students()
    reply: dict[str, Any] = {
        "game": room.game.name,
        "options": table.game.options(),
        "title": renderer.title(ctx),
        "table": table.number,
        "seat": seat,
        "names": list(names),
        "robots": [n for n in range(table.size) if n not in students],
        "version": table.version(seat),
        "started": table.started,
        "paused": table.paused,
        "over": table.over,
        "ended": table.ended,
        **series_fields(table),
        "ready": seat in table.ready,
        "standing_in": seat < len(table.seats) and table.seats[seat].stand_in,
        "view": None,
        "to_move": [],
        "your_turn": False,
        "legal": [],
        "legal_count": 0,
        "status": "",
        "log": [],
        "log_earlier": 0,
    }
    session = table.session
    if session is None:
        reply["status"] = t("classroom.waiting", lang, joined=len(table.seats), size=table.size)
        if html:
            reply["html"] = {"table": "", "log": ""}
        return reply
    state = session.state
    view = state.view(seat)
    reply["view"] = encode_view(view)
    reply["to_move"] = list(state.to_move)
    reply["your_turn"] = seat in state.to_move and not table.paused and seat in table.students()
    reply["status"] = renderer.status(view, ctx)
    if table.ended:
        reply["status"] = t("classroom.ended", lang, table=table.number)
    cards: dict[int, str] = {}
    sections: dict[str, str] = {}
    if not state.is_over and not table.paused and seat in table.students():
        legal = state.legal_actions(seat)  # out of turn: only the out-of-turn actions
        if html:  # a legal card or section of the table plays its action when clicked
            cards = _as_json(renderer.card_actions(legal, view, ctx))
            sections = _as_json(renderer.section_actions(legal, view, ctx))
        reply["legal_count"] = len(legal)
        reply["legal"] = [
            {"action": a.to_json(), "label": renderer.action_label(a, view, ctx)}
            for a in legal[:MAX_LEGAL]
        ]
    visible = [(i, e) for i, e in enumerate(state.log) if e.visible(seat)]
    earlier = max(0, len(visible) - MAX_LOG)
    visible = visible[earlier:]
    notes = _reasons(table, seat, [i for i, _ in visible], lang)
    reply["log_earlier"] = earlier
    lines = table.narrated.lines(state, visible, ctx)
    reply["log"] = [
        {"at": i, "round": e.round, "kind": e.kind, "text": lines[i], "why": notes.get(i, [])}
        for i, e in visible
    ]
    if html:
        empty = t("no_decisions", lang)
        reply["html"] = {
            # At the end, the banner's ledger lines: only what this seat's view lets it read.
            "table": playable_sections(
                playable_cards(renderer.table(view, end_context(ctx, state, seat)), cards),
                sections,
            ),
            "log": render_log(visible, ctx, notes, empty=empty, earlier=earlier, lines=lines),
        }
    return reply


def series_fields(table: Table) -> dict[str, Any]:
    """Where a table is in the room's series of games, for a seat and for the teacher alike:
    ``series`` (``single``, ``match``, ``series``), ``game_number`` and ``games`` (game 2 of 3),
    ``label`` (the rule choice of the game in a series, ``"scoring=red"``), ``game_over`` (the
    game in play has ended), ``between`` (it has, and another is to come), ``ready_count`` of
    ``students`` ready for it, ``results`` (each finished game's scores) and ``totals``
    (their sums)."""
    series = table.room.series
    students = table.students()
    finished = table.finished_games()
    return {
        "series": series.kind,
        "game_number": table.game_index + 1,
        "games": series.count,
        "label": series.label(table.game_index),
        "game_over": table.game_over,
        "between": table.between,
        "ready_count": len(table.ready & set(students)),
        "students": len(students),
        "results": [state.scores() for _, state in finished],
        "totals": table.totals(),
    }


def _as_json(actions: Mapping[K, Action]) -> dict[K, str]:
    """Each action as the compact JSON a page sends back when it is clicked."""
    return {key: json.dumps(a.to_json(), separators=(",", ":")) for key, a in actions.items()}


def _reasons(table: Table, seat: int, shown: list[int], lang: str) -> dict[int, list[str]]:
    """The robots' reasons ``seat`` may read, under the log line they belong to."""
    assert table.session is not None
    notes: dict[int, list[str]] = {}
    for at, bot, why in table.session.reasons(seat):
        # A sealed decision's own event stays hidden: its reason goes under the next line the
        # seat sees ("P1 has chosen").
        where = bisect.bisect_left(shown, at)
        if where < len(shown):
            notes.setdefault(shown[where], []).append(t("why_note", lang, bot=bot, why=why))
    return notes


def _seat_row(room: Room, table: Table, n: int, name: str) -> dict[str, Any]:
    """A seat for the teacher: who plays it, and whether its student is here."""
    held = table.seats[n] if n < len(table.seats) else None
    away = room.presence.away_for(table.number, n) if held is not None else 0.0
    if held is None or held.token_hash is None:
        presence = "robot"
    elif held.stand_in:
        presence = "standing_in"
    else:
        presence = "away" if away >= room.presence.away_after else "present"
    return {
        "seat": n,
        "name": name,
        "student": held.name if held is not None else None,
        "joined": held is not None,
        "robot": n not in table.students(),
        "ready": n in table.ready,
        "presence": presence,
        "away_for": round(away) if held is not None and held.token_hash is not None else None,
    }


def room_status(room: Room, lang: str = "en") -> dict[str, Any]:
    """The reply to ``GET /api/teacher/status``: the room and every table, for the teacher.

    Example:
        >>> from tradekit.classroom.rooms import Room
        >>> room = Room.open("turin", players=3)
        >>> _ = room.join(room.code, "Ada")
        >>> [(t["number"], t["state"], [s["name"] for s in t["seats"]]) for t in
        ...  room_status(room)["tables"]]
        [(1, 'waiting', ['Ada', 'Robot P2', 'Robot P3'])]
    """
    lang = check_lang(lang)
    renderer = renderer_for(room.game.name)
    tables = []
    with room.lock:
        numbers = sorted(room.tables)
    for number in numbers:
        table = room.tables[number]
        with table.lock:
            names = table.names(lang)
            ctx = Context(table.game, lang, names)
            state = table.state
            kind = (
                "ended"
                if table.ended
                else "waiting"
                if state is None
                else "over"
                if table.over
                else "between"
                if table.between
                else "paused"
                if table.paused
                else "playing"
            )
            seats = [_seat_row(room, table, n, names[n]) for n in range(table.size)]
            row: dict[str, Any] = {
                "number": number,
                "state": kind,
                "seats": seats,
                "version": table.version(None),
                "decisions": 0 if state is None else len(state.decisions),
                "round": None if state is None else state.round,
                "phase": None if state is None else state.phase,
                "to_move": [] if state is None else list(state.to_move),
                "to_move_names": "" if state is None else ctx.who(state.to_move),
                "status": "" if state is None else renderer.status(state.view("all"), ctx),
                "scores": state.scores() if state is not None and state.is_over else None,
                "options": table.game.options(),
                **series_fields(table),
            }
            if table.ended:  # nobody is to move at a table the teacher ended
                row.update(to_move=[], to_move_names="", status="")
        tables.append(row)
    ctx = Context(room.game, lang)
    # Every student keeps their seat while a robot stands in for them: a student of the class
    # still, away for now.
    joined = [s for tb in tables for s in tb["seats"] if s["presence"] != "robot"]
    return {
        "code": room.code,
        "game": room.game.name,
        "title": renderer.title(ctx),
        "options": room.game.options(),
        "series": room.series.kind,
        "games": room.series.count,
        "labels": list(room.series.labels) if room.series.same_deal else [],
        "table_size": room.size,
        "version": room.version,
        "students": len(joined),
        "away": sum(s["presence"] in ("away", "standing_in") for s in joined),
        "tables": tables,
    }
