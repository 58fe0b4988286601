"""Auction and tie-splitting theory, set beside what the games do (scipy; no engine state inside).

Import on demand: the engine never imports this package.
"""

from __future__ import annotations
