"""Tests of tradekit.session."""
