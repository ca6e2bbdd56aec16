"""Search answers: every query in queries.yml finds its question among the first three results a reader sees."""

from __future__ import annotations

from tools.qa import PROJECT

from .pages import in_view
from .search import BOX, load_queries, search, url_of

QUERIES = load_queries()


def test_query_set_is_big_enough_and_points_at_existing_questions():
    assert len(QUERIES) >= 40, f"only {len(QUERIES)} queries in queries.yml"
    existing = {
        f"{q.page.relative_to(PROJECT.docs).as_posix()}#{q.id}"
        for q in PROJECT.all_questions()
    }
    missing = sorted({expect for _, _, expect, _ in QUERIES if expect not in existing})
    assert not missing, f"queries.yml expects questions that do not exist: {missing}"


def test_search_finds_the_question_in_the_top_three(page, base_url, artifacts):
    page.goto(base_url)
    page.click(BOX)
    ranks, lines, failed, fixed = [], [], [], []
    for kind, query, expect, known_miss in QUERIES:
        results = search(page, query)
        want = url_of(expect)
        rank = results.index(want) + 1 if want in results else 0
        ranks.append((kind, rank))
        hit = 0 < rank <= 3
        line = f"{rank or '-':>2}  {kind:<10} {query!r} -> {want}" + (
            "" if hit else f"  got {results[:3]}"
        )
        lines.append(line + (f"  (known miss: {known_miss})" if known_miss else ""))
        if known_miss and hit:
            fixed.append(line)
        elif not hit and not known_miss:
            failed.append(line)

    def rate(kinds, top):
        hits = [r for k, r in ranks if k in kinds and 0 < r <= top]
        total = [r for k, r in ranks if k in kinds]
        return f"{len(hits)}/{len(total)} ({100 * len(hits) / len(total):.0f}%)"

    kinds = sorted({k for k, _ in ranks})
    summary = [
        f"search: top-1 {rate(kinds, 1)}, top-3 {rate(kinds, 3)} over {len(ranks)} queries"
    ]
    summary += [f"  {k}: top-1 {rate([k], 1)}, top-3 {rate([k], 3)}" for k in kinds]
    report = (
        "\n".join(summary + ["", "rank kind query -> expected question"] + lines) + "\n"
    )
    (artifacts / "search-quality.txt").write_text(report, encoding="utf-8")
    print("\n".join(summary))
    assert not failed, "\n".join(summary + ["not in the top three:"] + failed)
    assert not fixed, "\n".join(
        ["known misses now in the top three: take `known_miss` off in queries.yml"]
        + fixed
    )


def test_search_works_from_the_keyboard(page, base_url):
    page.goto(base_url + "tensors/")
    page.keyboard.press("/")
    assert page.evaluate(f"document.activeElement.matches('{BOX}')"), (
        "'/' does not focus the search box"
    )
    page.keyboard.type("retain_graph")
    # Every keystroke searches; wait for the results of the whole query (their links
    # highlight its terms).
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
