"""Tests of each game under tradekit.games, one folder per game."""
