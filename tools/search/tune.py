"""Tuning without a browser: the worker (docs/assets/search/worker.js) run under Node on a built
site, for the queries of tests/search/tuning.yml only (never the held-out set).

    python -m tools.search.tune SITE_DIR [--misses] [--params '{"semantic": 0.5}']
    python -m tools.search.tune SITE_DIR --queries pending/search-dev-survey-tuning-half.yml

--queries measures another file of queries in the same form (a development set that is neither
indexed nor measured by the tests); never a held-out file.

Prints top-1 and top-3 per kind as tests/browser/test_search.py counts them (the visible question
results, in the order Material renders them), and with --misses the queries not in the top 3.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import yaml

from tools.search.box import KINDS, SETS, Query, in_node, load_queries, url_of


def evaluate(
    site: Path,
    params: dict | None = None,
    env: dict | None = None,
    path: Path | None = None,
):
    if path is None:
        queries = load_queries(SETS["tuning"])
    else:
        entries = yaml.safe_load(path.read_text(encoding="utf-8")) or []
        queries = [Query(path.stem, **entry) for entry in entries]
    results = in_node(site, [q.q for q in queries], env, params)
    rows = []
    for q, res in zip(queries, results, strict=True):
        want = url_of(q.expect)
        qs = [r for r in res if "#" in r and not r.startswith("walkthroughs/")]
        rank = qs.index(want) + 1 if want in qs else 0
        cut = res.index(want) if want in res else len(res)
        wt = any(r.startswith("walkthroughs/") for r in res[:cut])
        rows.append(
            {
                "q": q.q,
                "kind": q.kind,
                "rank": rank,
                "want": want,
                "got": qs[:3],
                "wt": wt,
            }
        )
    return rows


def summary(rows) -> str:
    parts = []
    for k in KINDS:
        chosen = [r for r in rows if r["kind"] == k]
        if not chosen:
            continue
        t1 = sum(1 for r in chosen if r["rank"] == 1) / len(chosen)
        t3 = sum(1 for r in chosen if 0 < r["rank"] <= 3) / len(chosen)
        parts.append(f"{k} {100 * t1:.0f}/{100 * t3:.0f}")
    parts.append(f"walkthrough-first {sum(r['wt'] for r in rows)}")
    return "  ".join(parts)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site", type=Path)
    ap.add_argument("--misses", action="store_true")
    ap.add_argument("--params", default=None)
    ap.add_argument("--queries", type=Path, default=None)
    args = ap.parse_args()
    if args.queries and args.queries.resolve() in {
        SETS[name].resolve() for name in SETS if name != "tuning"
    }:
        ap.error(f"{args.queries} is a held-out set: nothing is tuned against it")
    params = json.loads(args.params) if args.params else None
    rows = evaluate(args.site, params, path=args.queries)
    name = args.queries.stem if args.queries else "tuning"
    print(f"{name} (top-1/top-3 %):", summary(rows))
    if args.misses:
        for r in rows:
            if not 0 < r["rank"] <= 3 or r["wt"]:
                print(
                    f"{r['rank'] or '-':>2} {r['kind']:<10} {r['q']!r} -> {r['want']}  got {r['got']}"
                )


if __name__ == "__main__":
    main()
