"""Tests of tradekit.bots that hold for every game."""
