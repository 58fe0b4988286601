"""The class's listening socket: its connections send each write at once (TCP_NODELAY)."""

from __future__ import annotations

import socket

from tradekit.classroom.server import listen


def test_connections_of_the_listening_socket_send_without_delay() -> None:
    # asyncio leaves Nagle's algorithm on for connections of a socket made with proto 0, and
    # an answer written in two parts then waits for the client's delayed acknowledgement.
    sock = listen("127.0.0.1", 0)
    try:
        client = socket.create_connection(sock.getsockname()[:2])
        sock.setblocking(True)
        accepted, _ = sock.accept()
        with client, accepted:
            assert accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY) != 0
    finally:
        sock.close()
