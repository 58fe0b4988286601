"""Tests of Medici (tradekit.games.medici)."""
