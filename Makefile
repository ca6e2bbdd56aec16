# Every command a reader or contributor needs. The first run of any target creates .venv from
# requirements.txt; later runs reuse it until requirements.txt changes. Serving and building need
# Python alone; the tests install the Node packages they use themselves (tests/test_workflows.py).
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Silence Material's MkDocs 2.0 notice on every run (we pin mkdocs<2).
export NO_MKDOCS_2_WARNING := 1
# Test-run arguments: `make test ARGS=docs/autograd/index.md`, `make test ARGS="-k zero_grad"`.
ARGS ?=
JOBS ?= 2
PORT ?= 8000
SITE_DIR ?= site
# `make bench-scale FACTORS=1,2`: the sizes of the synthetic copies, in multiples of the site.
FACTORS ?= 1,2,5

.PHONY: help venv serve test update-output question rules search test-gpu build bench bench-scale lint format clean

help:
	@echo "make serve          preview the site on http://127.0.0.1:$(PORT) (reloads on changes)"
	@echo "make test           run every test: code blocks, rules, strict build, browser"
	@echo "make test ARGS=docs/autograd/index.md   one page: its rules and its code blocks"
	@echo "make update-output ARGS=docs/autograd/index.md   rewrite a page's # > lines"
	@echo "make question SECTION=autograd NAME=retain-graph   scaffold a new question"
	@echo "make rules          rewrite CONTRIBUTING.md's table of rules from tools/qa/rules.py"
	@echo 'make search Q=...   what the built site'"'"'s search box finds for one query'
	@echo "make test-gpu       run the CUDA-marked blocks (on a machine with a GPU)"
	@echo "make build          the strict build, into site/"
	@echo "make bench          test and build times, page weights, search latency, Lighthouse"
	@echo "make bench-scale    how those costs grow on synthetic copies at 1x, 2x and 5x"
	@echo "make format / lint  ruff on snippets, walkthroughs, tests and tools"

$(STAMP): requirements.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --disable-pip-version-check --quiet -r requirements.txt
	@touch $@

venv: $(STAMP)

serve: venv
	SITE_URL=http://127.0.0.1:$(PORT)/ $(BIN)/mkdocs serve --dev-addr 127.0.0.1:$(PORT) --livereload

test: venv
	$(BIN)/python -m pytest -n $(JOBS) $(ARGS)

# Rewrites every page's shown output; `make update-output ARGS=docs/autograd` one section's.
update-output: venv
	$(BIN)/python -m pytest -n $(JOBS) -p no:randomly --update-output $(or $(ARGS),docs)

question: venv
	$(BIN)/python -m tools.new_question "$(SECTION)" "$(NAME)"

rules: venv
	$(BIN)/python -m tools.qa.rules

# What the built site's search box shows for one query (builds SITE_DIR first if it has none).
search: venv
	$(BIN)/python -m tools.search.query --site $(SITE_DIR) "$(Q)"

# On a machine with a GPU: a separate environment, where pip takes torch's default (CUDA) build.
test-gpu:
	$(MAKE) test VENV=.venv-gpu ARGS="docs -m cuda -p no:randomly $(ARGS)"

build: venv
	$(BIN)/python -m tools.build $(SITE_DIR)

# Lighthouse is needed by `make bench` only, so it has its own package.json.
LH_STAMP := tools/lighthouse/node_modules/.installed
$(LH_STAMP): tools/lighthouse/package.json tools/lighthouse/package-lock.json
	npm ci --prefix tools/lighthouse --no-audit --no-fund --loglevel=error
	@touch $@

bench: venv $(LH_STAMP)
	$(BIN)/python -m tools.bench

# The same costs on synthetic copies at 1x, 2x and 5x the questions, and how each grows.
bench-scale: venv
	$(BIN)/python -m tools.scale --factors $(FACTORS)

CODE := snippets docs/walkthroughs tests tools

lint: venv
	$(BIN)/ruff check $(CODE) && $(BIN)/ruff format --check $(CODE)

format: venv
	$(BIN)/ruff check --fix $(CODE) && $(BIN)/ruff format $(CODE)

clean:
	rm -rf site .cache
