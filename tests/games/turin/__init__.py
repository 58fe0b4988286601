"""Tests of Turin Market (tradekit.games.turin)."""
