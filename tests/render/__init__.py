"""Tests of the game-agnostic rendering in tradekit.render."""
