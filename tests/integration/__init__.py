"""The big sweeps and end-to-end checks.

Conformance, notebooks, browser, Binder, wheel, recorded playthroughs and a sixth game.
"""
