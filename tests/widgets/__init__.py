"""Tests of tradekit.widgets that hold for every game."""
