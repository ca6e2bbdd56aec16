"""A built site's search box, measured in Chromium the way tests/browser/test_search.py measures it:
every query of the chosen sets typed into the box, the visible question results read back.

    python -m tools.search.evaluate SITE_DIR [--sets tuning] [--misses]

`make bench` calls it for each candidate engine. Tuning runs pass --sets tuning: the held-out set
is typed only once an engine's settings are frozen.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from tools.browser import CHROMIUM, FLAGS, serve
from tools.search.box import (
    BOX,
    KINDS,
    META,
    PLACEHOLDER,
    load_queries,
    search_all,
    url_of,
)

FIRST = f"""() => !document.querySelector('{META}').textContent.trim().startsWith('{PLACEHOLDER}')"""


def rank_of(results: list[str], want: str) -> tuple[int, bool]:
    from tools.search.box import rank_of as rank

    return rank(results, want)


def measure(site: Path, sets: tuple[str, ...] = ("tuning",)) -> dict:
    """{"rows": [...], "bytes": what the first query made the browser download (gzip, as
    served), "first_ms": keypress to the first result of the first query, "query_ms": median
    time per query after that}."""
    from playwright.sync_api import sync_playwright

    queries = [q for q in load_queries() if q.set in sets]
    server, base = serve(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
            page = browser.new_page()
            received: dict[str, int] = {}

            def on_response(response):
                sizes = response.request.sizes()
                received[response.url] = (
                    sizes["responseBodySize"] + sizes["responseHeadersSize"]
                )

            page.on("response", on_response)
            page.goto(base + "tensors/", wait_until="networkidle")
            page.click(BOX)
            start = time.perf_counter()
            page.keyboard.type("zero_grad")
            page.wait_for_function(FIRST)
            first_ms = 1000 * (time.perf_counter() - start)
            page.wait_for_load_state("networkidle")
            loaded = dict(received)
            start = time.perf_counter()
            results = search_all(page, [q.q for q in queries])
            per_query = 1000 * (time.perf_counter() - start) / max(1, len(queries))
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    rows = []
    for q, res in zip(queries, results, strict=True):
        want = url_of(q.expect)
        rank, wt = rank_of(res, want)
        got = [r for r in res if "#" in r and not r.startswith("walkthroughs/")][:3]
        rows.append({"set": q.set, "kind": q.kind, "q": q.q, "rank": rank, "wt": wt,
                     "want": want, "got": got})  # fmt: skip
    return {"rows": rows, "loaded": loaded, "first_ms": first_ms, "query_ms": per_query}


def search_bytes(site: Path, loaded: dict[str, int]) -> int:
    """What answering the first query cost over the wire: every search file fetched, with the
    page load's search_index.json (Material's bundle fetches it with every page)."""
    del site
    keep = ("search_index.json", "/assets/search/", "/pagefind/", "workers/search.")
    return sum(v for k, v in loaded.items() if any(s in k for s in keep))


def rates(rows, set_: str) -> dict[str, tuple[float, float, int]]:
    out = {}
    for kind in KINDS:
        chosen = [r for r in rows if r["set"] == set_ and r["kind"] == kind]
        if chosen:
            t1 = sum(1 for r in chosen if r["rank"] == 1) / len(chosen)
            t3 = sum(1 for r in chosen if 0 < r["rank"] <= 3) / len(chosen)
            out[kind] = (t1, t3, len(chosen))
    return out


def line(rows, set_: str) -> str:
    parts = [
        f"{k} {100 * t1:.0f}/{100 * t3:.0f}"
        for k, (t1, t3, _) in rates(rows, set_).items()
    ]
    wt = sum(1 for r in rows if r["set"] == set_ and r["wt"])
    return "  ".join(parts) + f"  walkthrough-first {wt}"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site", type=Path)
    ap.add_argument("--sets", default="tuning")
    ap.add_argument("--misses", action="store_true")
    args = ap.parse_args()
    sets = tuple(args.sets.split(","))
    m = measure(args.site, sets)
    for s in sets:
        print(f"{s} (top-1/top-3 %): {line(m['rows'], s)}")
    print(f"bytes for the first search: {search_bytes(args.site, m['loaded']):,} over the wire; "
          f"first result {m['first_ms']:.0f} ms; then {m['query_ms']:.1f} ms a query")  # fmt: skip
    if args.misses:
        for r in m["rows"]:
            if r["set"] == "tuning" and (not 0 < r["rank"] <= 3 or r["wt"]):
                print(
                    f"{r['rank'] or '-':>2} {r['kind']:<10} {r['q']!r} -> {r['want']}  got {r['got']}"
                )


if __name__ == "__main__":
    main()
