"""Tests of tradekit.core and the engine parts every game shares."""
