"""The test suite of tradekit; its folders mirror the package."""
