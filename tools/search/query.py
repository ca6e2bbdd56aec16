"""`make search Q="..."`: what the built site's search box shows for one query, in Chromium.

    python -m tools.search.query "why is my loss nan" [--site site] [--build]

Builds the site first when SITE_DIR has none (or with --build), serves it, types the query into
Material's search box as a reader does, and prints each result a reader sees, in order: the
page of each group, its questions, and how many more are folded under "N more on this page".
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tools.browser import CHROMIUM, FLAGS, serve
from tools.search.box import BOX, META, search

ITEMS = """ol => [...ol.querySelectorAll("li.md-search-result__item")].map(li => ({
  links: [...li.querySelectorAll("a.md-search-result__link")].filter(a => !a.closest("details"))
    .map(a => ({ href: new URL(a.href).pathname.slice(1) + new URL(a.href).hash,
                 title: a.querySelector("h1, h2").textContent.trim() })),
  more: li.querySelectorAll("details a.md-search-result__link").length,
}))"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("query")
    ap.add_argument("--site", type=Path, default=Path("site"))
    ap.add_argument("--build", action="store_true", help="build the site first")
    ap.add_argument("--limit", type=int, default=10, help="groups to print")
    args = ap.parse_args()
    if not args.query.strip():
        sys.exit('usage: make search Q="your query"')
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} not found: apt-get install -y chromium")
    if args.build or not (args.site / "index.html").exists():
        from tools.build import run

        print(f"building the site into {args.site} ...", file=sys.stderr)
        proc = run(args.site)
        if proc.returncode != 0:
            sys.exit(proc.stdout[-3000:])
    from playwright.sync_api import sync_playwright

    server, base = serve(args.site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
            page = browser.new_page()
            page.goto(base)
            page.click(BOX)
            search(page, args.query)
            meta = page.text_content(META).strip()
            groups = page.eval_on_selector("ol.md-search-result__list", ITEMS)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    print(f"{args.query!r}: {meta}")
    n = 0
    for group in groups[: args.limit]:
        page_link, *questions = group["links"]
        print(f"\n  {page_link['title']}  ({page_link['href'] or '/'})")
        for q in questions:
            n += 1
            print(f"    {n:>2}. {q['title']}\n        {q['href']}")
        if group["more"]:
            print(f"        + {group['more']} more on this page")
    if len(groups) > args.limit:
        print(f"\n  ... and {len(groups) - args.limit} more pages")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
