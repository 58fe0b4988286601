# Convenience only: every target calls dev.py, which is the real entry point
# (a fresh machine may lack make). Extra arguments: make test ARGS="-k turin -x"
PYTHON ?= python3
ARGS ?=

.PHONY: lab test bench

lab:
	$(PYTHON) dev.py lab $(ARGS)

test:
	$(PYTHON) dev.py test $(ARGS)

bench:
	$(PYTHON) dev.py bench $(ARGS)
