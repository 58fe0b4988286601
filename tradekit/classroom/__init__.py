"""Class mode: students play at their own seats, on their own devices, over a small web server."""

from __future__ import annotations
