"""Driving Material's search box the way a reader does, and reading the results a reader sees."""

from __future__ import annotations

from pathlib import Path

import yaml

from tools.qa import PROJECT

from .pages import page_url

QUERIES_FILE = Path(__file__).with_name("queries.yml")
BOX = "input.md-search__input"
META = ".md-search-result__meta"
PLACEHOLDER = "Type to start searching"
# Result links a reader sees without opening "N more on this page", in the order shown,
# as paths from the site root.
VISIBLE_RESULTS = """ol => [...ol.querySelectorAll("a.md-search-result__link")]
  .filter(a => !a.closest("details"))
  .map(a => { const u = new URL(a.href); return u.pathname.slice(1) + u.hash })"""


def load_queries() -> list[tuple[str, str, str, str | None]]:
    """(kind, query, expected question as page#id, why it is a known miss or None) for every query in queries.yml."""
    data = yaml.safe_load(QUERIES_FILE.read_text(encoding="utf-8"))
    return [
        (kind, i["q"], i["expect"], i.get("known_miss"))
        for kind, items in data.items()
        for i in items
    ]


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
    """Type `query` into the open search box; return the question links of the results, best first."""
    box = page.locator(BOX)
    box.fill("")
    box.press(
        "Backspace"
    )  # Material searches on keyup: an empty query resets the results
    wait_meta(page, placeholder=True)
    box.fill(query[:-1])
    page.keyboard.type(query[-1])
    wait_meta(page, placeholder=False)
    links = page.eval_on_selector("ol.md-search-result__list", VISIBLE_RESULTS)
    return [link for link in links if "#" in link]
