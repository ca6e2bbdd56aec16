"""Search quality: every query of the tuning and held-out sets (tests/search/), answered by the
site's own search worker on the built site. Reports top-1 and top-3 per set and kind; asserts the
targets on the held-out set, which nobody tunes against, and that no walkthrough page outranks the
question that answers a query.

The rates come from the worker run under Node on the built site's files (tools/search/rank.cjs:
the index the browser fetches, the same code), ~1,700 queries in seconds; a stable sample of one
query in SAMPLE_EVERY is then typed into the search box in Chromium, as a reader types it, and must
show the links Node computed, in its order, so a difference between the two fails here."""

from __future__ import annotations

from collections import defaultdict

from tools.search.box import (
    BOX,
    KINDS,
    in_node,
    is_question,
    load_queries,
    rank_of,
    sampled,
    search_all,
    url_of,
)

from .pages import in_view

QUERIES = load_queries()
SAMPLE_EVERY = 8
# Targets on the held-out sets: (set, kinds, top-n, share of queries). `plain` is what readers
# type in their own words, written by someone who saw no title (tests/search/plain.yml).
TARGETS = [
    ("heldout", ("api", "error"), 3, 0.98),
    ("heldout", ("words",), 3, 0.90),
    ("heldout", ("words",), 1, 0.70),
    ("plain", ("words",), 3, 0.90),
]


def rate(rows, set_, kinds, top) -> tuple[int, int]:
    chosen = [r for r in rows if r["set"] == set_ and r["kind"] in kinds]
    return sum(1 for r in chosen if 0 < r["rank"] <= top), len(chosen)


def fmt(hit: int, total: int) -> str:
    return f"{hit}/{total} ({100 * hit / total:.0f}%)" if total else "-"


def test_search_quality(page, base_url, site, artifacts):
    answers = in_node(site, [q.q for q in QUERIES])
    sample = [
        (q, a)
        for q, a in zip(QUERIES, answers, strict=True)
        if sampled(q.q, SAMPLE_EVERY)
    ]
    page.goto(base_url)
    page.click(BOX)
    page.keyboard.type("x")  # the first query loads the index: wait for it once
    page.wait_for_function(
        "!document.querySelector('.md-search-result__meta').textContent.trim()"
        ".startsWith('Type to start searching')"
    )
    typed = search_all(page, [q.q for q, _ in sample])
    # Material renders the first pages of results and the rest as the reader scrolls: the box
    # shows a beginning of what Node lists.
    differ = [
        q
        for (q, a), b in zip(sample, typed, strict=True)
        if b != a[: len(b)] or a and not b
    ]
    assert len(sample) > len(QUERIES) / (2 * SAMPLE_EVERY), (
        "the browser sample is too small"
    )
    assert not differ, (
        f"{len(differ)} of {len(sample)} queries typed in the search box show other links than "
        "the worker under Node (tools/search/rank.cjs), e.g. "
        + "; ".join(repr(q.q) for q in differ if q.set == "tuning")[:300]
    )
    rows = []
    for query, results in zip(QUERIES, answers, strict=True):
        want = url_of(query.expect)
        rank, walkthrough_first = rank_of(results, want)
        rows.append(
            {
                "set": query.set,
                "kind": query.kind,
                "rank": rank,
                "wt": walkthrough_first,
                "q": query.q,
                "want": want,
                "got": [r for r in results if is_question(r)][:3],
                "known_miss": query.known_miss,
            }  # fmt: skip
        )
    summary = []
    for set_ in ("plain", "heldout", "tuning"):
        by_kind = [
            f"{k} top-1 {fmt(*rate(rows, set_, (k,), 1))} top-3 {fmt(*rate(rows, set_, (k,), 3))}"
            for k in KINDS
        ]
        summary.append(f"{set_}: " + "; ".join(by_kind))
    lines = defaultdict(list)
    for r in rows:
        mark = "" if 0 < r["rank"] <= 3 else f"  got {r['got']}"
        mark += "  (a walkthrough outranks it)" if r["wt"] else ""
        lines[r["set"]].append(
            f"{r['rank'] or '-':>2}  {r['kind']:<10} {r['q']!r} -> {r['want']}{mark}"
        )
    report = "\n".join(summary) + "\n"
    for set_, rows_ in lines.items():
        report += (
            f"\n{set_}: rank kind query -> expected question\n"
            + "\n".join(rows_)
            + "\n"
        )
    (artifacts / "search-quality.txt").write_text(report, encoding="utf-8")
    print("\n".join(summary))

    # Held-out queries are named only in the artifact: nobody tunes against them (the console and
    # CI's log say how many missed, tuning queries by name).
    problems = []
    for set_, kinds, top, share in TARGETS:
        hit, total = rate(rows, set_, kinds, top)
        if total and hit < share * total:
            problems.append(
                f"{set_} {'+'.join(kinds)} in the top {top}: {fmt(hit, total)}, target {share:.0%}"
            )
    problems += [f"a walkthrough outranks the answer to {r['q']!r}" for r in rows
                 if r["wt"] and r["set"] == "tuning"]  # fmt: skip
    if hidden := sum(1 for r in rows if r["wt"] and r["set"] != "tuning"):
        problems.append(
            f"a walkthrough outranks the answer to {hidden} held-out queries"
        )
    # A known miss now found: the mark comes off (tuning.yml), so that it is asserted again.
    fixed = [r["q"] for r in rows if r["known_miss"] and 0 < r["rank"] <= 3]
    problems += [
        f"known miss now found, take known_miss off in tuning.yml: {q!r}" for q in fixed
    ]
    assert not problems, "\n".join(
        summary + problems + ["see test-artifacts/search-quality.txt"]
    )


def test_search_works_from_the_keyboard(page, base_url):
    page.goto(base_url + "tensors/")
    page.keyboard.press("/")
    assert page.evaluate(f"document.activeElement.matches('{BOX}')"), (
        "'/' does not focus search"
    )
    page.keyboard.type("retain_graph")
    # Every keystroke searches; wait for the results of the whole query (they highlight it).
    page.wait_for_selector(
        'a.md-search-result__link[href*="h=retain+graph#retain-graph"]'
    )
    for _ in range(10):
        page.keyboard.press("ArrowDown")
        if page.evaluate("document.activeElement.hash") == "#retain-graph":
            break
    else:
        raise AssertionError("ArrowDown never reached the result for #retain-graph")
    page.keyboard.press("Enter")
    page.wait_for_url("**/autograd/**#retain-graph")
    heading = page.locator("h2#retain-graph")
    heading.wait_for()
    assert in_view(page, heading), (
        "the question the result links to is not scrolled into view"
    )


# Questions the site does not answer, and ones it does (tuning.yml): the first get the notice
# "No question on this site answers this well" above the results (docs/assets/search/worker.js,
# noMatch), the second never. Tuned on these; the held-out sets do not carry the notice's threshold.
OFF_TOPIC = [
    "how do I deploy a model on kubernetes",
    "what is a random forest",
    "sql join types",
    "docker compose gpu",
]
ON_TOPIC = [
    "resume training from a checkpoint",
    "why is my loss nan",
    "autocast",
    "load a huge model without needing twice its size in ram",
]


def test_search_says_when_nothing_answers_the_query(page, base_url):
    page.goto(base_url)
    page.click(BOX)
    notice = "ol.md-search-result__list .qa-no-match"
    shown = {}
    for query in OFF_TOPIC + ON_TOPIC:
        search_all(page, [query])
        shown[query] = page.locator(notice).count() > 0
    missing = [q for q in OFF_TOPIC if not shown[q]]
    wrong = [q for q in ON_TOPIC if shown[q]]
    assert not missing and not wrong, (
        f"no notice for {missing}; a notice for answered queries {wrong}"
    )
    search_all(page, [OFF_TOPIC[0]])
    text = page.inner_text("ol.md-search-result__list li:first-child")
    assert "The nearest sections:" in text, text
