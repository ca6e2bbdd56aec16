"""Driving Material's search box the way a reader does, and reading the results a reader sees."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from tools.qa import PROJECT

from .pages import page_url

QUERIES = PROJECT.root / "tests" / "search"
SETS = {"tuning": QUERIES / "tuning.yml", "heldout": QUERIES / "heldout.yml"}
KINDS = ("words", "api", "paraphrase", "error")
BOX = "input.md-search__input"
META = ".md-search-result__meta"
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
        if path is not None and file != path:
            continue
        for entry in yaml.safe_load(file.read_text(encoding="utf-8")) or []:
            out.append(Query(name, **entry))
    return out


def url_of(question: str) -> str:
    """'tensors/index.md#broadcasting' -> 'tensors/#broadcasting', as the built site links it."""
    page, _, qid = question.partition("#")
    return f"{page_url(PROJECT.docs / page)}#{qid}"


def wait_meta(page, placeholder: bool) -> None:
    op = "==" if placeholder else "!="
    page.wait_for_function(
        f"document.querySelector('{META}').textContent.trim() {op} '{PLACEHOLDER}'"
    )


def search(page, query: str) -> list[str]:
    """Type `query` into the open search box; return the result links a reader sees, best
    first (questions and pages alike)."""
    box = page.locator(BOX)
    box.fill("")
    box.press("Backspace")  # Material searches on keyup: an empty query resets the results
    wait_meta(page, placeholder=True)
    box.fill(query[:-1])
    page.keyboard.type(query[-1])
    wait_meta(page, placeholder=False)
    return page.eval_on_selector("ol.md-search-result__list", VISIBLE_RESULTS)
