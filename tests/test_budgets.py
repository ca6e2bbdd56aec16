"""Deterministic budgets of the built site: bytes per page and the search index. (Timings: `make bench`.)"""

from __future__ import annotations

from tools.pageweight import BUDGETS, page_weight, search_index


def kb(n: int) -> str:
    return f"{n / 1000:.0f} kB"


def test_question_page_is_light(built_site):
    budget = BUDGETS["question page"]
    for page in sorted(built_site.glob("*/index.html")):
        w = page_weight(built_site, str(page.relative_to(built_site)))
        assert w.over_the_wire <= budget, (
            f"{page.relative_to(built_site)} sends {kb(w.over_the_wire)} gzip-compressed (> {kb(budget)}), "
            f"{kb(w.total)} uncompressed: {w.by_kind(compressed=True)}"
        )


def test_notebook_pages_html_is_light(built_site):
    pages = sorted(p for p in (built_site / "walkthroughs").glob("*/index.html"))
    assert pages, "no walkthrough pages in the build"
    budget = BUDGETS["notebook page html"]
    heavy = [f"{p.relative_to(built_site)}: {kb(p.stat().st_size)}" for p in pages if p.stat().st_size > budget]
    assert not heavy, f"notebook pages over {kb(budget)} of HTML: {heavy}"


def test_search_index_is_small(built_site):
    size, budget = search_index(built_site), BUDGETS["search index"]
    assert size <= budget, f"search/search_index.json is {kb(size)} (> {kb(budget)})"
