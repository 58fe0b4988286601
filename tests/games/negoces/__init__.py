"""Tests of Négoces (tradekit.games.negoces)."""
