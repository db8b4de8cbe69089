# Letopis: `make run` serves the demo on 127.0.0.1:8000; `make test` runs every test on a real
# PostgreSQL. Both set up everything they need on a fresh machine.
SHELL := /bin/bash
export UV_PYTHON_DOWNLOADS := never
export DEBIAN_FRONTEND := noninteractive
# uv comes from PyPI into the machine's Python; `python3 -m uv` finds it wherever pip put it.
UV := python3 -m uv
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: uv env dev-env run test test-fast fuzz crash bench browser-deps lint clean

uv:
	@$(UV) --version >/dev/null 2>&1 || python3 -m pip install --quiet --disable-pip-version-check uv \
	  || python3 -m pip install --quiet --disable-pip-version-check --user uv

env: uv
	$(UV) sync --quiet --inexact

dev-env: uv
	$(UV) sync --quiet --extra dev

# exec: Ctrl+C and `kill` (make passes SIGTERM on) reach the server itself, which then stops the
# embedded PostgreSQL it started (one that was running before stays up: `letopis db stop`)
run: env
	exec $(VENV)/bin/letopis serve

# Browser tests use Debian's Chromium (never `playwright install`).
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    (apt-get install -y -qq chromium >/dev/null 2>&1 || (apt-get update -qq && apt-get install -y -qq chromium >/dev/null)) \
	      || echo "chromium could not be installed: browser tests will be skipped"; \
	  else echo "chromium is missing: browser tests will be skipped"; fi; }

test: dev-env browser-deps
	$(VENV)/bin/pytest -q

test-fast: dev-env
	$(VENV)/bin/pytest -q -m "not browser"

# The long OpenAPI fuzz run: every operation, as a GM and as a player, fresh random cases each time
# (FUZZ_EXAMPLES per operation); prints operations, cases and server errors. CI runs a short one.
FUZZ_EXAMPLES ?= 100
fuzz: dev-env
	LETOPIS_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) LETOPIS_FUZZ_RANDOM=1 LETOPIS_FUZZ_PROGRESS=1 \
	  $(VENV)/bin/pytest -q -s -p no:cacheprovider tests/api/test_api_fuzz.py

# The long kill -9 run: CRASH_KILLS SIGKILLs of a real server during resolutions (every CRASH_COLD-th
# life a cold `letopis serve`), a fresh seed each time (CRASH_SEED to replay one); prints the kills,
# what they interrupted, the steps, posts and resolutions checked. CI runs 20 kills.
CRASH_KILLS ?= 200
CRASH_COLD ?= 25
CRASH_SEED ?= $(shell date +%s)
crash: dev-env
	LETOPIS_CRASH_KILLS=$(CRASH_KILLS) LETOPIS_CRASH_COLD_EVERY=$(CRASH_COLD) LETOPIS_CRASH_SEED=$(CRASH_SEED) \
	  $(VENV)/bin/pytest -q -s -p no:cacheprovider tests/service/test_crash_safety.py

bench: dev-env
	$(PY) -m bench

lint: dev-env
	$(VENV)/bin/ruff check src rulesets tests

clean:
	rm -rf .letopis .pytest_cache
