"""Tests of tradekit.theory."""
