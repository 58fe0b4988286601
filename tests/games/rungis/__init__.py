"""Tests of Rungis (tradekit.games.rungis)."""
