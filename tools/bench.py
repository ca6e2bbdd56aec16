"""`make bench`: how fast the site tests, builds and answers, measured in one run on this machine.

Prints, against the targets: the test suite's wall time and its slowest blocks; the strict build, cold and warm;
bytes per page type (raw and gzip, by kind) and the search index; keypress-to-first-result time in Chromium;
each search engine's rates on the tuning and held-out queries, the bytes a search costs and its first result
(BENCH_SEARCH_SETS=tuning leaves the held-out set out);
Lighthouse performance and accessibility of a question page and of the heaviest page. Timings are medians of BENCH_RUNS runs (default 3;
the test suite runs BENCH_SUITE_RUNS times, default 1, as it takes a minute or more). Machines here are shared and
noisy: compare figures from the same run. Budgets that are deterministic are asserted by tests/test_budgets.py.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tools import build
from tools.browser import CHROMIUM, FLAGS, serve
from tools.pageweight import BUDGETS, KINDS, heaviest_page, page_weight, search_index
from tools.qa import PROJECT

RUNS = int(os.environ.get("BENCH_RUNS", 3))
SUITE_RUNS = int(os.environ.get("BENCH_SUITE_RUNS", 1))
LIGHTHOUSE = (
    PROJECT.root / "tools" / "lighthouse" / "node_modules" / ".bin" / "lighthouse"
)
PAGES = {
    "home": "index.html",
    "question page": "tensors/index.html",
    "notebook page": "walkthroughs/training_loop/index.html",
}
QUERIES = [
    "zero_grad",
    "my loss is nan",
    "view size is not compatible with input tensor's size and stride",
]
TARGETS = {  # name: (limit, unit, lower is better)
    "make test (s)": (120, "s", True),
    "fork-per-block / in-process": (1.5, "x", True),
    "warm strict build (s)": (3, "s", True),
    "question page over the wire (kB)": (BUDGETS["question page"] / 1000, "kB", True),
    "search index (kB)": (BUDGETS["search index"] / 1000, "kB", True),
    "first search result (ms)": (100, "ms", True),
    "first search result, cold (ms)": (1000, "ms", True),
    "search bytes, shipped engine (kB)": (1000, "kB", True),
    "Lighthouse performance": (95, "", False),
    "Lighthouse accessibility": (100, "", False),
}
results: dict[str, float] = {}


def env() -> dict:
    return dict(os.environ, NO_MKDOCS_2_WARNING="1")


def section(title: str) -> None:
    print(f"\n== {title} " + "=" * max(0, 100 - len(title)), flush=True)


def timed(cmd: list[str], **kw) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    proc = subprocess.run(
        cmd, cwd=PROJECT.root, env=env(), capture_output=True, text=True, **kw
    )
    return time.perf_counter() - start, proc


def suite() -> None:
    section(f"make test (pytest -n 2, without the install step), {SUITE_RUNS} run(s)")
    walls, durations = [], []
    for _ in range(SUITE_RUNS):
        wall, proc = timed(
            [
                sys.executable,
                "-m",
                "pytest",
                "-n",
                "2",
                "-q",
                "--durations=0",
                "-p",
                "no:randomly",
            ]
        )
        if proc.returncode != 0:
            out = proc.stdout
            start = out.find("= FAILURES =")  # what failed and why, not the durations
            print(out[max(start - 80, 0) :][:6000] if start >= 0 else out[-3000:])
            sys.exit("the test suite failed: fix it before benchmarking")
        walls.append(wall)
        durations = re.findall(r"^([\d.]+)s (call|setup)\s+(\S+)", proc.stdout, re.M)
        print(proc.stdout.strip().splitlines()[-1])
    results["make test (s)"] = statistics.median(walls)
    print(f"wall time: {statistics.median(walls):.1f} s (median of {len(walls)})")
    print("\nslowest tests (last run):")
    for seconds, phase, name in sorted(durations, key=lambda d: -float(d[0]))[:15]:
        print(f"  {float(seconds):6.2f} s  {phase:5}  {name}")


# The runner before tools/qa/runtime/zygote.py: each block exec'd in the test process, in a fresh
# dict, with stdout recorded per line. Kept here only to measure the fork-per-block runner against.
IN_PROCESS = """
import io, sys, time, json, contextlib, tempfile, os
import torch
results = []
for path in sys.argv[1:]:
    code = open(path).read()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp, contextlib.redirect_stdout(io.StringIO()):
        os.chdir(tmp)
        torch.manual_seed(0)
        try:
            exec(compile(code, path, "exec"), {"__name__": "__snippet__"})
        except BaseException:
            pass
    results.append(time.perf_counter() - start)
print(json.dumps(results))
"""


def runners() -> None:
    """The fork-per-block runner against the in-process one, on the same blocks: every page's
    blocks that the old runner could run in-process (no __main__ guard, no torchrun)."""
    section(
        f"block runner: a fresh process per block vs exec in one process (median of {RUNS})"
    )
    from tools.qa import runner
    from tools.qa.pagecode import blocks, mark_names

    chosen = []
    for page in PROJECT.question_pages():
        for b in blocks(page):
            marks = mark_names(b)
            if {"cuda", "torchrun", "slow"} & set(marks) or "__main__" in b.code:
                continue
            if "torch.compile" in b.code or "import torch._dynamo" in b.code:
                continue  # compile time would swamp the comparison
            chosen.append(b)
    with tempfile.TemporaryDirectory(prefix="qa-bench-blocks-") as tmp:
        files = []
        for i, b in enumerate(chosen):
            f = Path(tmp) / f"b{i}.py"
            f.write_text(b.code, encoding="utf-8")
            files.append(str(f))
        fork, old = [], []
        runner.run("import torch\n", "warm.py")  # start the warm parent once
        for _ in range(RUNS):
            start = time.perf_counter()
            for b in chosen:
                runner.run(b.code, b.name)
            fork.append(time.perf_counter() - start)
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-c", IN_PROCESS, *files], capture_output=True
            )
            old.append(time.perf_counter() - start)
        runner.ZYGOTE_PROCESS.close()
    f, o = statistics.median(fork), statistics.median(old)
    results["fork-per-block / in-process"] = f / o
    print(f"  {len(chosen)} blocks: fork per block {f:.1f} s, in one process {o:.1f} s "
          f"(incl. its torch import), ratio {f / o:.2f}")  # fmt: skip


def builds(site: Path) -> None:
    section(
        f"mkdocs build --strict: cold (no executed-notebook cache) and warm (median of {RUNS})"
    )
    cache = PROJECT.root / ".cache"
    shutil.rmtree(cache, ignore_errors=True)
    cold, proc = timed(build.command(site))
    if proc.returncode != 0:
        sys.exit(f"the strict build failed:\n{proc.stderr[-3000:]}")
    warm = [timed(build.command(site))[0] for _ in range(RUNS)]
    results["warm strict build (s)"] = statistics.median(warm)
    print(
        f"cold: {cold:.1f} s   warm: {statistics.median(warm):.2f} s (runs: {', '.join(f'{w:.2f}' for w in warm)})"
    )


def weights(site: Path) -> None:
    section(
        "bytes per page type (what the page makes the browser load; gzip = over the wire from GitHub Pages)"
    )
    print(
        f"  {'page':15} {'':5} " + " ".join(f"{k:>9}" for k in KINDS) + f" {'total':>9}"
    )
    for name, page in PAGES.items():
        w = page_weight(site, page)
        for label, compressed in (("raw", False), ("gzip", True)):
            kinds = w.by_kind(compressed=compressed)
            total = w.over_the_wire if compressed else w.total
            print(
                f"  {name:15} {label:5} "
                + " ".join(f"{kinds[k]:>9,}" for k in KINDS)
                + f" {total:>9,}"
            )
        if name == "question page":
            results["question page over the wire (kB)"] = w.over_the_wire / 1000
    first = search_index(site)
    results["search index (kB)"] = first / 1000
    print(
        f"  the first search downloads {first:,} bytes gzip at worst (the budget counts these;"
        " the longest held-out queries typed key by key)"
    )
    # The site's search (tools/search/): the worker and the filters load with the page, the
    # first file and the documents' vectors once a search starts, then each query's shards
    # (t/, p/, v/, x/: tools/search/shards.py).
    when = {"index.json": "by the first query", "docs.bin": "by the first query",
            "documents.json": "never: the tests read it"}  # fmt: skip
    for f in sorted(p for p in (site / "assets" / "search").glob("*") if p.is_file()):
        data = f.read_bytes()
        print(f"  search: {f.name:24} {len(data):>9,} bytes raw, "
              f"{len(gzip.compress(data, compresslevel=9)):>9,} gzip "
              f"(fetched {when.get(f.name, 'with the page')})")  # fmt: skip


# A query arrives as Material reads it (the input's value on keyup, as a paste or the
# last keystroke gives it);
# the time runs from that keyup to the first result in the list. The list is emptied
# first.
KEYPRESS_TO_RESULT = """
async ([query]) => {
  const input = document.querySelector("input.md-search__input");
  const list = document.querySelector(".md-search-result__list");
  const keyup = (value) => {
    input.value = value;
    input.dispatchEvent(new KeyboardEvent("keyup", { key: value.slice(-1) || "Backspace", bubbles: true }));
  };
  const hasResult = () => list.querySelector(".md-search-result__item") !== null;
  keyup("");
  const until = performance.now() + 5000;
  while (hasResult() && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
  return await new Promise((resolve) => {
    let start = 0;
    const seen = new MutationObserver(() => {
      if (hasResult()) {
        seen.disconnect();
        resolve(performance.now() - start);
      }
    });
    seen.observe(list, { childList: true, subtree: true });
    start = performance.now();
    keyup(query);
  });
}
"""


def browser(site: Path) -> None:
    section(
        f"in Chromium, served gzipped as GitHub Pages does: bytes per page, search latency (median of {RUNS})"
    )
    if not CHROMIUM.exists():
        print(f"skipped: {CHROMIUM} not found (apt-get install -y chromium)")
        return
    from playwright.sync_api import sync_playwright

    server, base = serve(site)
    try:
        with sync_playwright() as p:
            b = p.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
            for name, page_path in PAGES.items():
                page = b.new_page()
                received: dict[str, int] = {}

                def on_response(response, received=received):
                    sizes = (
                        response.request.sizes()
                    )  # what crossed the wire, compressed
                    received[response.url] = (
                        sizes["responseBodySize"] + sizes["responseHeadersSize"]
                    )

                page.on("response", on_response)
                page.goto(
                    base + page_path.removesuffix("index.html"),
                    wait_until="networkidle",
                )
                index = sum(
                    v for k, v in received.items() if k.endswith("search_index.json")
                )
                third = [u for u in received if not u.startswith(base)]
                print(
                    f"  {name:15} {len(received):3} requests, {sum(received.values()) - index:>9,} bytes "
                    f"+ search index {index:,}; to a third party: {len(third)}"
                )
                page.close()
            page = b.new_page()
            page.goto(base + "tensors/", wait_until="networkidle")
            page.evaluate(
                KEYPRESS_TO_RESULT, ["warm up"]
            )  # the first query also waits for the index to load
            latencies = []
            for query in QUERIES:
                times = []
                for _ in range(RUNS):
                    times.append(page.evaluate(KEYPRESS_TO_RESULT, [query]))
                latencies.append(statistics.median(times))
                print(f"  {query!r:70} {statistics.median(times):7.1f} ms")
            results["first search result (ms)"] = max(latencies)
            b.close()
    finally:
        server.shutdown()


# The search engines compared (tools/search_hooks.py: QA_SEARCH), each built and typed the same
# queries in Chromium (tools/search/evaluate.py). BENCH_SEARCH_SETS=tuning leaves the held-out
# set out: its rates are read once per engine, after the engine's settings are frozen.
SEARCH_ENGINES = {
    "material": "(a) Material's lunr, tuned",
    "pagefind": "(b) Pagefind, one record a question",
    "hybrid": "(c) BM25F + static embeddings (shipped)",
}
SEARCH_SETS = tuple(
    os.environ.get("BENCH_SEARCH_SETS", "tuning,heldout,plain").split(",")
)


def search_engines(tmp: Path) -> None:
    section(
        "search engines: top-1/top-3 % per kind, bytes a search costs (over the wire, gzip), "
        "keypress to first result"
    )
    if not CHROMIUM.exists():
        print(f"skipped: {CHROMIUM} not found (apt-get install -y chromium)")
        return
    from tools.build import run as build
    from tools.search.evaluate import line, measure, search_bytes

    for engine, label in SEARCH_ENGINES.items():
        site = tmp / f"site-{engine}"
        proc = build(site, env={"QA_SEARCH": engine})
        if proc.returncode != 0:
            print(f"  {label}: the build failed:\n{proc.stdout[-1500:]}")
            continue
        m = measure(site, SEARCH_SETS)
        cost = search_bytes(site, m["loaded"])
        print(f"  {label}")
        for set_ in SEARCH_SETS:
            print(f"    {set_:8} {line(m['rows'], set_)}")
        print(f"    bytes for the first search {cost:,}; first result {m['first_ms']:.0f} ms "
              f"from the first keypress, cold; then {m['query_ms']:.1f} ms a query")  # fmt: skip
        if engine == "hybrid":
            results["search bytes, shipped engine (kB)"] = cost / 1000
            results["first search result, cold (ms)"] = m["first_ms"]


def lighthouse(site: Path) -> None:
    """Lighthouse on a question page (tensors/) and on the heaviest page of the site: the target
    is the worse of the two."""
    heaviest, _ = heaviest_page(site)
    pages = ["tensors/", heaviest.removesuffix("index.html")]
    for url in dict.fromkeys(pages):
        lighthouse_page(site, url)


def lighthouse_page(site: Path, url: str) -> None:
    section(f"Lighthouse 12.2.3 on /{url} (mobile defaults, median of {RUNS})")
    if not LIGHTHOUSE.exists() or not CHROMIUM.exists():
        print(
            "skipped: needs tools/lighthouse/node_modules (make bench installs it) and Chromium"
        )
        return
    server, base = serve(site)
    scores: dict[str, list[float]] = {"performance": [], "accessibility": []}
    try:
        for _ in range(RUNS):
            proc = subprocess.run(
                [str(LIGHTHOUSE), base + url, "--only-categories=performance,accessibility",
                 "--output=json", "--output-path=stdout", "--quiet", f"--chrome-flags={' '.join(FLAGS)}"],
                env=dict(env(), CHROME_PATH=str(CHROMIUM)), capture_output=True, text=True, timeout=180,
            )  # fmt: skip
            if proc.returncode != 0:
                print(f"  lighthouse failed: {proc.stderr[-500:]}")
                return
            report = json.loads(proc.stdout)
            for cat in scores:
                scores[cat].append(report["categories"][cat]["score"] * 100)
            audits = report["audits"]
        for cat, values in scores.items():
            name = f"Lighthouse {cat}"
            results[name] = min(results.get(name, 100.0), statistics.median(values))
            print(
                f"  {cat:14} {statistics.median(values):5.0f}   (runs: {', '.join(f'{v:.0f}' for v in values)})"
            )
        for audit in (
            "first-contentful-paint",
            "largest-contentful-paint",
            "total-blocking-time",
            "total-byte-weight",
        ):
            print(f"  {audits[audit]['title']:28} {audits[audit]['displayValue']}")
        failing = [a["id"] for a in audits.values() if a.get("score") is not None and a["score"] < 1
                   and a.get("scoreDisplayMode") == "binary"]  # fmt: skip
        if failing:
            print(f"  binary audits not passed: {', '.join(sorted(failing))}")
    finally:
        server.shutdown()


def verdict() -> None:
    section("targets")
    for name, (limit, unit, lower) in TARGETS.items():
        if name not in results:
            print(f"  {name:36} not measured")
            continue
        value = results[name]
        ok = value <= limit if lower else value >= limit
        miss = "" if ok else f"  MISSED by {abs(value - limit):.1f}{unit}"
        print(
            f"  {name:36} {value:9.1f}   target {'<=' if lower else '>='} {limit:g}{unit}   {'ok' if ok else ''}{miss}"
        )


def main() -> None:
    print(f"make bench on {os.cpu_count()} cores, {time.strftime('%Y-%m-%d %H:%M')}")
    # The search engines alone: python -m tools.bench --search
    if "--search" in sys.argv:
        with tempfile.TemporaryDirectory(prefix="qa-bench-") as tmp:
            search_engines(Path(tmp))
        verdict()
        return
    if "--no-suite" not in sys.argv:
        suite()
    runners()
    with tempfile.TemporaryDirectory(prefix="qa-bench-") as tmp:
        site = Path(tmp) / "site"
        builds(site)
        weights(site)
        browser(site)
        search_engines(Path(tmp))
        lighthouse(site)
    verdict()


if __name__ == "__main__":
    main()
