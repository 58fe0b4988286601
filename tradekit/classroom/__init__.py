"""Class mode: students play at their own seats, on their own devices, over a small web server.

The teacher starts a class for a game (:func:`start` in a notebook, ``tradekit classroom`` in a
shell); students open the address on their phones or laptops, type the join code and a name,
and are seated at tables of the game's size in join order, robots taking the seats nobody
holds. Each student's browser receives only what their own seat may see. Everything is kept in
one SQLite file, so a server started again on it resumes every table. :func:`connect` plays a
seat with a bot over the network (a class's bot tournament).

The parts: :mod:`~tradekit.classroom.rooms` (rooms, tables and seats),
:mod:`~tradekit.classroom.store` (the file), :mod:`~tradekit.classroom.presence` (which
students have a page open), :mod:`~tradekit.classroom.replies` (what a seat and the teacher are
sent), :mod:`~tradekit.classroom.app` (the web app),
:mod:`~tradekit.classroom.guard` (limits and checks), :mod:`~tradekit.classroom.pages` (the
pages), :mod:`~tradekit.classroom.server` (starting it) and :mod:`~tradekit.classroom.client`
(the network client). ``docs/classroom.md`` describes the API and how to run a class.

The web server needs the ``classroom`` extra (``pip install 'tradekit[classroom]'``); the
network client needs only the standard library.
"""

from __future__ import annotations

from tradekit.classroom.client import ClientError, Connection, Played, connect
from tradekit.classroom.rooms import ClassroomError, Joined, Room
from tradekit.classroom.server import Classroom, serve, start

__all__ = [
    "Classroom",
    "ClassroomError",
    "ClientError",
    "Connection",
    "Joined",
    "Played",
    "Room",
    "connect",
    "serve",
    "start",
]
