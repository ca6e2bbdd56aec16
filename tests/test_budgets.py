"""Deterministic budgets of the built site: bytes per page and the search index.
(Timings: `make bench`.) The budgets themselves live in tools/pageweight.py (BUDGETS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tools.pageweight import BUDGETS, gzipped, page_weight, search_index
from tools.qa import rules


def kb(n: int) -> str:
    return f"{n / 1000:.0f} kB"


def budget_violations(site: Path) -> list[rules.Violation]:
    out = []
    budget = BUDGETS["question page"]
    walkthroughs = site / "walkthroughs"
    for page in sorted(site.rglob("index.html")):
        relative = str(page.relative_to(site))
        if page.parent == site or walkthroughs in page.parents:
            continue
        w = page_weight(site, relative)
        if w.over_the_wire > budget:
            message = (
                f"sends {kb(w.over_the_wire)} gzip-compressed (budget {kb(budget)}), "
                f"{kb(w.total)} uncompressed: {w.by_kind(compressed=True)}"
            )
            out.append(rules.violation("budget-page", relative, message))
    budget = BUDGETS["notebook page html"]
    for page in sorted(walkthroughs.glob("*/index.html")):
        if (size := gzipped(page)) > budget:
            message = f"{kb(size)} of HTML, gzip-compressed (budget {kb(budget)})"
            out.append(
                rules.violation("budget-notebook", str(page.relative_to(site)), message)
            )
    if (size := search_index(site)) > BUDGETS["search index"]:
        message = (
            f"the first search downloads {kb(size)} gzip-compressed "
            f"(budget {kb(BUDGETS['search index'])})"
        )
        out.append(rules.violation("budget-search-index", "assets/search", message))
    return out


def test_built_site_stays_within_its_budgets(built_site):
    found = budget_violations(built_site)
    if found:
        pytest.fail(rules.report(found), pytrace=False)


def test_the_build_has_walkthrough_pages(built_site):
    assert list((built_site / "walkthroughs").glob("*/index.html")), (
        "no walkthrough pages"
    )
