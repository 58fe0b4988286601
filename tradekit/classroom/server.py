"""Starting a class: a web server for one room, from a notebook cell or from a shell.

:func:`start` opens the room and serves it from a background thread, returning at once with a
:class:`Classroom` handle (its join address, code and QR code show in a notebook); :func:`serve`
does the same in the foreground for the ``tradekit classroom`` command, printing the join
address, the code, the teacher's link and a QR code in the terminal, until Ctrl-C.

The server listens on 127.0.0.1 unless told otherwise: only the machine it runs on can reach
it. ``host="0.0.0.0"`` opens it to every device of the network (see ``docs/classroom.md`` for
what that risks).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import sys
import threading
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from tradekit.classroom.rooms import ClassroomError, Room

if TYPE_CHECKING:
    import pandas as pd

    from tradekit.classroom.dashboard import Dashboard
    from tradekit.theory import Distance

#: Seconds :func:`start` waits for the server to answer before giving up.
START_TIMEOUT = 15.0


def listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port`` (port 0: any free port).

    Raises:
        ClassroomError: the address cannot be used (in use, not this machine's, no such host).
    """
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        # asyncio sets TCP_NODELAY only on sockets made with proto IPPROTO_TCP, not on this
        # one's connections; without it an answer's body waits for the client's delayed
        # acknowledgement of its headers (some 40 ms on Linux) whenever a client sends a
        # request's headers and body apart, as httpx and browsers do for an action.
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise ClassroomError(f"cannot listen on {host}:{port}: {reason}") from None
    sock.setblocking(False)
    return sock


def lan_address() -> str:
    """This machine's address on its network, as another device would type it ("127.0.0.1"
    if it has none). No packet is sent: connecting a UDP socket only picks the route."""
    with contextlib.closing(socket.socket(socket.AF_INET, socket.SOCK_DGRAM)) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # a documentation address: never a real host
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def base_url(host: str, port: int) -> str:
    """The address to give students for a server bound to ``host:port``.

    Example:
        >>> base_url("127.0.0.1", 8000), base_url("::1", 8000)
        ('http://127.0.0.1:8000', 'http://[::1]:8000')
    """
    if host in ("0.0.0.0", "::", ""):
        host = lan_address()
    try:
        if ipaddress.ip_address(host).version == 6:
            host = f"[{host}]"
    except ValueError:
        pass  # a host name
    return f"http://{host}:{port}"


def _server(app: Any, sock: socket.socket, quiet: bool) -> Any:
    import uvicorn

    hub = app.state.hub

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            hub.close()  # the event streams end, so the connections close at once
            await super().shutdown(sockets=sockets)

    config = uvicorn.Config(
        app,
        log_level="warning" if quiet else "info",
        access_log=not quiet,
        timeout_graceful_shutdown=2,
        lifespan="on",
    )
    return Server(config)


class Classroom:
    """A running class: the room, its server and the addresses to give out.

    Attributes:
        room: the :class:`~tradekit.classroom.rooms.Room`.
        url: the server's address (``http://127.0.0.1:8000``).
        code: the join code.
        join_url: the address students open (the code filled in): what the QR code holds.
        teacher_url: the teacher's page, with the teacher's secret: keep it to yourself.
    """

    def __init__(self, room: Room, url: str, server: Any, thread: threading.Thread) -> None:
        self.room = room
        self.url = url
        self.code = room.code
        self.join_url = f"{url}/?code={room.code}"
        self.teacher_url = f"{url}/teacher?key={room.teacher_secret}"
        self._server = server
        self._thread = thread

    @property
    def running(self) -> bool:
        """Whether the server still answers."""
        return self._thread.is_alive()

    def stop(self) -> None:
        """Stop the server and close the room's file (the students' pages stop updating)."""
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self.room.close()

    def __enter__(self) -> Classroom:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def games(self) -> pd.DataFrame:
        """The tidy game table of the finished tables (:meth:`Room.games`)."""
        return self.room.games()

    def decisions(self) -> pd.DataFrame:
        """The decision table of the finished tables (:meth:`Room.decisions`)."""
        return self.room.decisions()

    def compare(self, first: int = 1, second: int = 2, confidence: float = 0.95) -> pd.DataFrame:
        """The paired comparison of two games of the class's series of option sets, on the
        tables that finished both (:meth:`Room.compare`)."""
        return self.room.compare(first, second, confidence)

    def distance(self) -> Distance:
        """The class's Turin Market bids beside the equilibrium bid, with each player's loss
        (:meth:`Room.distance`)."""
        return self.room.distance()

    def dashboard(self, refresh: float | None = 5.0, lang: str = "en") -> Dashboard:
        """A notebook widget: the join code and QR code, who has joined, every table's
        progress and whose turn it is, with buttons to start, pause, resume and end each
        table (see :mod:`tradekit.classroom.dashboard`).

        Args:
            refresh: seconds between refreshes (``None``: only on its Refresh button).
            lang: ``"en"`` or ``"fr"`` (its language list changes it later).
        """
        from tradekit.classroom.dashboard import Dashboard

        return Dashboard(self.room, join_url=self.join_url, refresh=refresh, lang=lang)

    def qr_svg(self) -> str:
        """The join address's QR code as SVG."""
        from tradekit.classroom.app import qr_svg

        return qr_svg(self.join_url)

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<Classroom {self.room.game.name} code {self.code} at {self.url} ({state})>"

    def _repr_html_(self) -> str:
        from tradekit.render.parts import esc

        # The teacher's link is a link, its secret not printed: a notebook is often projected.
        return (
            '<div style="font-family:system-ui,sans-serif;display:flex;gap:16px;'
            'align-items:center;flex-wrap:wrap">'
            f'<div style="width:200px">{self.qr_svg()}</div><div>'
            f'<div style="font-size:14px">Join at <a href="{esc(self.join_url)}" '
            f'target="_blank">{esc(self.url)}</a> with the code</div>'
            f'<div style="font-size:40px;font-weight:700;letter-spacing:.15em">{esc(self.code)}'
            f'</div><div><a href="{esc(self.teacher_url)}" target="_blank">Teacher\'s page</a>'
            "</div></div></div>"
        )


def _open(
    game: str | None,
    players: int | None,
    db: str | Path | None,
    seed: int | None,
    setup: Mapping[str, Any] | None,
    options: dict[str, Any],
    grace: float | None = None,
    games: int | None = None,
    series: Sequence[Mapping[str, Any]] | None = None,
) -> Room:
    if players is not None:
        options = {**options, "players": players}
    if game is None and not options and db is None:
        raise ClassroomError("name the game to play (or give the file of a class to resume)")
    if grace is not None and not grace >= 0:
        raise ClassroomError(f"grace is a number of seconds (0 or more), got {grace!r:.20}")
    room = Room.open(
        game,
        db=db if db is not None else ":memory:",
        seed=seed,
        setup=setup,
        games=games,
        series=series,
        **options,
    )
    room.grace = grace
    return room


def start(
    game: str | None = None,
    *,
    players: int | None = None,
    host: str = "127.0.0.1",
    port: int = 0,
    db: str | Path | None = None,
    seed: int | None = None,
    setup: Mapping[str, Any] | None = None,
    rate: float = 20.0,
    burst: int = 60,
    grace: float | None = None,
    games: int | None = None,
    series: Sequence[Mapping[str, Any]] | None = None,
    quiet: bool = True,
    show: bool = True,
    **options: Any,
) -> Classroom:
    """Open a class for ``game`` and serve it from a background thread; returns at once.

    Args:
        game: the game's name (``None``: resume the class the file ``db`` holds).
        players: seats per table (the game's ``players`` option).
        host: the address to listen on: ``"127.0.0.1"`` (this machine only, the default) or
            ``"0.0.0.0"`` (every device of the network; see ``docs/classroom.md``).
        port: the port (0: any free one).
        db: the class's SQLite file, so that a server started again on it resumes every table
            (default: in memory, gone when the server stops).
        seed: makes the tables' deals repeatable (default: fresh ones).
        setup: a scripted set-up dealt at every table.
        rate: requests a second each device may keep sending.
        burst: requests a device may send at once.
        grace: seconds a student may be away (no page open) before a robot stands in for
            them until they come back (default: never by itself; the teacher decides).
        games: a match: every table plays this many games in a row with the same seats, each
            dealt anew, the scores summed (Turin Market's "tiebreak" goose stays with its
            holder from game to game).
        series: a series: every table plays the same deal once under each of these option
            sets in turn (``[{"scoring": "classic"}, {"scoring": "red"}]``; each changes
            ``options``), so that :meth:`Classroom.compare` pairs the class's own games.
        quiet: log only warnings and errors.
        show: in a notebook, show the join code and its QR code now.
        **options: the game's options (``scoring="red"``).

    Raises:
        ConfigError: an unknown game or option. ClassroomError: the address cannot be used, or
            the file holds another class.

    Example:
        >>> import urllib.request, json
        >>> with start("turin", players=3, show=False) as c:
        ...     with urllib.request.urlopen(c.url + "/api/state") as r:
        ...         pass
        Traceback (most recent call last):
        ...
        urllib.error.HTTPError: HTTP Error 401: Unauthorized
    """
    room = _open(game, players, db, seed, setup, options, grace, games, series)
    try:
        from tradekit.classroom.app import create_app

        app = create_app(room, rate=rate, burst=burst)
        sock = listen(host, port)
    except BaseException:
        room.close()
        raise
    url = base_url(host, sock.getsockname()[1])
    server = _server(app, sock, quiet)
    failed: list[BaseException] = []

    def run() -> None:
        try:
            server.run(sockets=[sock])
        except BaseException as exc:  # uvicorn exits with SystemExit when startup fails
            failed.append(exc)

    thread = threading.Thread(target=run, name=f"tradekit-classroom-{room.code}", daemon=True)
    thread.start()
    started = threading.Event()
    for _ in range(int(START_TIMEOUT / 0.02)):
        if server.started or not thread.is_alive():
            break
        started.wait(0.02)
    if not server.started:
        server.should_exit = True
        room.close()
        raise ClassroomError(f"the class's server did not start on {url}: {failed or 'timeout'}")
    handle = Classroom(room, url, server, thread)
    if show:
        _show(handle)
    return handle


def _show(handle: Classroom) -> None:
    """Display the handle in a notebook (nothing elsewhere)."""
    ipython = sys.modules.get("IPython")
    if ipython is None or getattr(ipython, "get_ipython", lambda: None)() is None:
        return
    from IPython.display import display

    display(handle)  # type: ignore[no-untyped-call]


def serve(
    game: str | None,
    *,
    players: int | None = None,
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str | Path | None = None,
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    grace: float | None = None,
    games: int | None = None,
    series: Sequence[Mapping[str, Any]] | None = None,
    out: TextIO | None = None,
    ready: Callable[[Classroom], None] | None = None,
) -> None:
    """Serve a class in the foreground until Ctrl-C: what ``tradekit classroom`` runs.

    It prints the join address, the code, the teacher's link (with its secret) and a QR code
    of the join address to ``out`` (default: standard output).

    Raises:
        ConfigError: an unknown game or option. ClassroomError: the address cannot be used, or
            the file holds another class.
    """
    out = out or sys.stdout
    room = _open(game, players, db, seed, None, dict(options or {}), grace, games, series)
    try:
        from tradekit.classroom.app import create_app

        app = create_app(room)
        sock = listen(host, port)
        url = base_url(host, sock.getsockname()[1])
        server = _server(app, sock, quiet=True)
        handle = Classroom(room, url, server, threading.current_thread())
        print(f"Class of {room.game.name} ({room.size} seats a table)", file=out)
        if room.series.kind == "match":
            print(f"A match:         {room.series.count} games a table, scores summed", file=out)
        elif room.series.same_deal:
            games_line = ", then ".join(room.series.labels)
            print(f"A series:        the same deal under {games_line}", file=out)
        print(f"Students open:   {handle.join_url}", file=out)
        print(f"Join code:       {handle.code}", file=out)
        print(f"Teacher's page:  {handle.teacher_url}", file=out)
        print(
            "                 (keep this link to yourself: it holds the teacher's secret)", file=out
        )
        if host in ("0.0.0.0", "::"):
            print("Open to every device of this network: use it on a network you trust.", file=out)
        if db is not None:
            print(f"Saved in:        {db} (start again with the same file to resume)", file=out)
        _terminal_qr(handle.join_url, out)
        print("Serving; press Ctrl-C to stop.", file=out, flush=True)
        if ready is not None:
            ready(handle)
        with contextlib.suppress(KeyboardInterrupt):
            server.run(sockets=[sock])
    finally:
        room.close()


def _terminal_qr(url: str, out: TextIO) -> None:
    try:
        import segno
    except ImportError:  # pragma: no cover - segno is in the classroom extra
        return
    segno.make(url, error="m").terminal(out=out, compact=True)
