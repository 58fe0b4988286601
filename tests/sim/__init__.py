"""Tests of tradekit.sim and tradekit.charts."""
