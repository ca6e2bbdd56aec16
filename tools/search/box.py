"""Driving Material's search box the way a reader does, and reading the results a reader sees."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import yaml

from tools.qa import PROJECT

SETS = PROJECT.search_queries
# The search worker, and the script that runs it under Node on a built site.
WORKER = PROJECT.docs / "assets" / "search" / "worker.js"
RANK = PROJECT.root / "tools" / "search" / "rank.cjs"
# QA_SEARCH_SETS=tuning types the tuning set alone: what tuning runs, so the held-out set stays
# unseen until an engine's settings are frozen (tools/search/README.md).
CHOSEN = [
    s for s in os.environ.get("QA_SEARCH_SETS", ",".join(SETS)).split(",") if s in SETS
]
KINDS = ("words", "api", "paraphrase", "error")
BOX = "input.md-search__input"
META = ".md-search-result__meta"
# The results' text before a query: Material's "Type to start searching", which the site's worker
# follows with the filters it takes (overrides/main.html).
PLACEHOLDER = "Type to start searching"
# Result links a reader sees without opening "N more on this page", in the order shown, as paths
# from the site root.
VISIBLE_RESULTS = """ol => [...ol.querySelectorAll("a.md-search-result__link")]
  .filter(a => !a.closest("details"))
  .map(a => { const u = new URL(a.href); return u.pathname.slice(1) + u.hash })"""


@dataclass
class Query:
    set: str  # tuning or heldout
    q: str
    kind: str
    expect: str  # page#id
    known_miss: str | None = None


def load_queries(path: Path | None = None) -> list[Query]:
    """Every query of the tuning and held-out sets (or of one file)."""
    out = []
    for name, file in SETS.items():
        if path is not None and file != path or path is None and name not in CHOSEN:
            continue
        for entry in yaml.safe_load(file.read_text(encoding="utf-8")) or []:
            out.append(Query(name, **entry))
    return out


def url_of(question: str) -> str:
    """'tensors/index.md#broadcasting' -> 'tensors/#broadcasting', as the built site links it."""
    page, _, qid = question.partition("#")
    return f"{PROJECT.page_url(PROJECT.docs / page)}#{qid}"


def wait_meta(page, placeholder: bool) -> None:
    op = "" if placeholder else "!"
    page.wait_for_function(
        f"{op}document.querySelector('{META}').textContent.trim().startsWith('{PLACEHOLDER}')"
    )


def search(page, query: str) -> list[str]:
    """Type `query` into the open search box; return the result links a reader sees, best
    first (questions and pages alike)."""
    box = page.locator(BOX)
    box.fill("")
    box.press(
        "Backspace"
    )  # Material searches on keyup: an empty query resets the results
    wait_meta(page, placeholder=True)
    box.fill(query[:-1])
    page.keyboard.type(query[-1])
    wait_meta(page, placeholder=False)
    return page.eval_on_selector("ol.md-search-result__list", VISIBLE_RESULTS)


# Every query in one call into the page: for each, the box is emptied (Material resets its results
# on the empty query), then holds the query, with the keyup Material listens for after each; the
# results are read once the list answers the query. The same events as search(), without a
# round trip from the test to the browser per step, so ~500 queries take seconds, not a minute.
SEARCH_ALL = """async ([queries, box, meta, placeholder, visible]) => {
  const input = document.querySelector(box)
  const text = () => document.querySelector(meta).textContent.trim()
  const until = async (ok, what) => {
    const end = performance.now() + 10000
    while (!ok()) {
      if (performance.now() > end) throw new Error(`timed out waiting for ${what}`)
      await new Promise(r => setTimeout(r, 1))
    }
  }
  const keyup = (value) => {
    input.value = value
    input.dispatchEvent(new KeyboardEvent("keyup", { key: value.slice(-1) || "Backspace", bubbles: true }))
  }
  const read = new Function("return " + visible)()
  const out = []
  for (const q of queries) {
    keyup("")
    await until(() => text().startsWith(placeholder), "the empty query")
    keyup(q)
    await until(() => !text().startsWith(placeholder), JSON.stringify(q))
    out.push(read(document.querySelector("ol.md-search-result__list")))
  }
  return out
}"""


def search_all(page, queries: list[str]) -> list[list[str]]:
    """search() for every query, in one call into the page (the box must be open)."""
    return page.evaluate(SEARCH_ALL, [queries, BOX, META, PLACEHOLDER, VISIBLE_RESULTS])


def in_node(site: Path, queries: list[str], env: dict | None = None, params=None):
    """What the site's own search worker answers for each query, run under Node on the built
    site (tools/search/rank.cjs; `env` picks its mode, default: the result links a reader
    sees, as search() reads them from the box)."""
    environ = {**os.environ, **(env or {})}
    if params:
        environ["QA_PARAMS"] = json.dumps(params)
    proc = subprocess.run(
        ["node", str(RANK), str(site), str(WORKER)],
        input=json.dumps({"queries": queries}), capture_output=True, text=True,
        env=environ, cwd=PROJECT.root, check=True,
    )  # fmt: skip
    return json.loads(proc.stdout)


def sampled(query: str, every: int) -> bool:
    """A stable one-in-`every` sample of queries, the same on every machine."""
    return int(hashlib.sha1(query.encode()).hexdigest(), 16) % every == 0


def is_question(link: str) -> bool:
    return "#" in link and not link.startswith("walkthroughs/")


def rank_of(results: list[str], want: str) -> tuple[int, bool]:
    """(the expected question's rank among question results, 0 if absent; whether a walkthrough
    page came before it)."""
    questions = [r for r in results if is_question(r)]
    rank = questions.index(want) + 1 if want in questions else 0
    cut = results.index(want) if want in results else len(results)
    walkthrough_first = any(r.startswith("walkthroughs/") for r in results[:cut])
    return rank, walkthrough_first
