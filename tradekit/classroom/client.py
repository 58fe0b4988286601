"""Playing a seat of a class over the network, with a bot: a class's bot tournament.

:func:`connect` joins a class with its code (or comes back to its seat with its token), then
plays the seat with a bot until the table's last game ends, through the same JSON API as a
student's page, using only what that page gets: the seat's view and its legal actions. In a
class that plays several games in a row, it says it is ready for the next game as soon as one
ends. Like a page that opens again, it takes its seat back from a robot standing in for it
whenever it (re)connects. It needs nothing but the standard library and tradekit's
engine, so a student can run it from their own machine against the teacher's server.

Example (with a class served by :func:`tradekit.classroom.start`)::

    from tradekit.classroom import connect
    result = connect("http://192.168.1.20:8000", "ABC234", "heuristic", name="Ada's bot")
    result.scores, result.winners
"""

from __future__ import annotations

import dataclasses
import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

from tradekit.core.actions import Action, action_from_json
from tradekit.core.errors import TradekitError
from tradekit.core.registry import load_game
from tradekit.core.view_codec import decode_view
from tradekit.session.policy import as_policy

#: Seconds a request may take before the client gives up on it.
TIMEOUT = 30.0
#: Seconds of silence on the event stream after which the client looks again anyway (the
#: server sends a keep-alive every 15 s).
STREAM_TIMEOUT = 40.0


class ClientError(TradekitError):
    """The server refused a request: ``status`` is its HTTP status, the message its words."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{message} (HTTP {status})")
        self.status = status
        self.error = message


@dataclasses.dataclass(frozen=True, slots=True)
class Played:
    """What :func:`connect` played: where, how many decisions, and the end of the game.

    Attributes:
        table: the table number.
        seat: the seat.
        decisions: the decisions this client made.
        over: whether the table's last game ended (``False`` if ``max_decisions`` stopped it
            first).
        scores: the final scores, summed over the games of a match or series (empty if not
            over).
        winners: the seats with the highest scores.
        fallbacks: decisions where the bot failed and the first legal action was played.
        results: each finished game's scores, in order.
        token: the seat's token (to come back to it: ``connect(..., token=...)``).
    """

    table: int
    seat: int
    decisions: int
    over: bool
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    fallbacks: int = 0
    results: tuple[tuple[int, ...], ...] = ()
    token: str = ""


class Connection:
    """A seat of a class, seen through the JSON API.

    Args:
        url: the server's address (``http://127.0.0.1:8000``).
        token: the seat's token (``None`` until :meth:`join`).
        timeout: seconds a request may take.
    """

    def __init__(self, url: str, token: str | None = None, timeout: float = TIMEOUT) -> None:
        self.url = url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def request(self, method: str, path: str, body: object = None) -> Any:
        """One API call; a 429 is waited out and tried again.

        Raises:
            ClientError: any other refusal, with the server's words.
        """
        data = None if body is None else json.dumps(body).encode("utf-8")
        headers = {"Content-Type": "application/json"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        for _ in range(100):
            req = urllib.request.Request(self.url + path, data, headers, method=method)
            try:
                with urllib.request.urlopen(req, timeout=self.timeout) as response:
                    return json.loads(response.read())
            except urllib.error.HTTPError as exc:
                text = exc.read()
                if exc.code == 429:
                    time.sleep(float(exc.headers.get("Retry-After") or 1))
                    continue
                try:
                    message = str(json.loads(text)["error"])
                except (ValueError, KeyError, TypeError):
                    message = text.decode("utf-8", "replace")[:200]
                raise ClientError(exc.code, message) from None
        raise ClientError(429, "the server kept refusing: too many requests")

    def join(self, code: str, name: str) -> dict[str, Any]:
        """Join the class; keeps the seat's token."""
        seat: dict[str, Any] = self.request("POST", "/api/join", {"code": code, "name": name})
        self.token = seat["token"]
        return seat

    def state(self) -> dict[str, Any]:
        """The seat's reply (view, legal actions, log, version)."""
        reply: dict[str, Any] = self.request("GET", "/api/state")
        return reply

    def take_back(self) -> dict[str, Any]:
        """Take the seat back from a robot standing in for it (nothing if none does); returns
        the seat's reply."""
        reply: dict[str, Any] = self.request("POST", "/api/seat/return", {})
        return reply

    def next_game(self) -> dict[str, Any]:
        """Say the seat is ready for the next game of the series; returns the seat's reply."""
        reply: dict[str, Any] = self.request("POST", "/api/next", {})
        return reply

    def act(self, action: Action | dict[str, Any], version: int | None = None) -> dict[str, Any]:
        """Play an action; returns the new reply."""
        doc = action.to_json() if isinstance(action, Action) else action
        body: dict[str, Any] = {"action": doc}
        if version is not None:
            body["version"] = version
        reply: dict[str, Any] = self.request("POST", "/api/act", body)
        return reply

    def versions(self) -> Iterator[int]:
        """The seat's versions as the server's event stream announces them (ends when the
        stream does, or after :data:`STREAM_TIMEOUT` of silence)."""
        req = urllib.request.Request(
            self.url + "/api/events", headers={"Authorization": f"Bearer {self.token}"}
        )
        try:
            with urllib.request.urlopen(req, timeout=STREAM_TIMEOUT) as stream:
                event = ""
                for raw in stream:
                    line = raw.decode("utf-8").rstrip("\r\n")
                    if line.startswith("event:"):
                        event = line[6:].strip()
                    elif line.startswith("data:") and event == "version":
                        yield int(json.loads(line[5:])["version"])
                    elif line.startswith("data:") and event == "gone":
                        return
        except (TimeoutError, urllib.error.URLError, ConnectionError):
            return


def connect(
    url: str,
    code: str,
    bot: Any = "heuristic",
    *,
    name: str = "bot",
    seed: int | None = None,
    max_decisions: int = 20_000,
    timeout: float = TIMEOUT,
    token: str | None = None,
) -> Played:
    """Join a class and play the seat with ``bot`` until the table's last game ends.

    Args:
        url: the server's address.
        code: the join code (not used with ``token``).
        bot: a tradekit bot name (``"heuristic"``, ``"random"``, ``"heuristic:aggression=0.9"``),
            a bot, a seat policy, or a function ``f(view, legal) -> action`` (see
            :func:`tradekit.session.policy.as_policy`).
        name: the display name at the table.
        seed: seeds the bot's random choices.
        max_decisions: stop after this many decisions of this seat.
        timeout: seconds a request may take.
        token: come back to the seat of this token (``Played.token`` of an earlier call)
            instead of joining: the seat is taken back from a robot standing in for it.

    Raises:
        ClientError: the server refused the join (a wrong code, a bad name) or a later call.
    """
    conn = Connection(url, token=token, timeout=timeout)
    if token is None:
        conn.join(code, name)
    # (Re)connecting is coming back, as a page that opens again: the seat is ours again.
    reply = conn.take_back()
    table, seat = int(reply["table"]), int(reply["seat"])
    game = load_game(reply["game"], **reply["options"])
    view_class = type(game.new_state(seed=0).view(seat))
    policy = as_policy(bot, game=game, seat=seat, seed=seed)
    choose = _chooser(policy, game.action_types, view_class)
    made = fallbacks = 0
    events = conn.versions()
    while not reply["over"] and not reply["ended"] and made < max_decisions:
        if reply.get("between") and not reply.get("ready") and not reply["standing_in"]:
            reply = conn.next_game()  # the scores are read: on to the next game
            continue
        if reply["your_turn"] and reply["legal"]:
            action, fell_back = choose(reply)
            fallbacks += fell_back
            try:
                reply = conn.act(action, reply["version"])
                made += 1
            except ClientError as exc:
                if exc.status != 409:  # 409: the table moved on meanwhile: look again
                    raise
                reply = conn.state()
            continue
        for version in events:
            if version > reply["version"]:
                break
        else:
            # The stream ended (a restart, a silence): open it again, and take the seat back
            # if a robot stood in meanwhile.
            events = conn.versions()
            reply = conn.take_back()
            continue
        reply = conn.state()
    done = bool(reply["over"])
    view = reply["view"] or {}
    if reply.get("games", 1) > 1:  # a match or a series: the totals decide
        scores = tuple(reply.get("totals") or ())
        winners = tuple(p for p, v in enumerate(scores) if v == max(scores, default=0))
    else:  # one game: its own winners (its rules may break a tie of scores)
        scores = tuple(view.get("scores") or ())
        winners = tuple(view.get("winners") or ())
    return Played(
        table,
        seat,
        made,
        done,
        scores if done else (),
        winners if done else (),
        fallbacks,
        tuple(tuple(r) for r in reply.get("results") or ()),
        conn.token or "",
    )


def _chooser(
    policy: Any, actions: dict[str, type[Action]], view_class: type
) -> Callable[[dict[str, Any]], tuple[Action, bool]]:
    def choose(reply: dict[str, Any]) -> tuple[Action, bool]:
        legal = [action_from_json(item["action"], actions) for item in reply["legal"]]
        view = decode_view(reply["view"], view_class, actions)
        try:
            action = policy.decide(view, legal).action
            if action in legal:
                return action, False
        except Exception:  # a broken bot must not stop the table: it plays the first action
            pass
        return legal[0], True

    return choose
